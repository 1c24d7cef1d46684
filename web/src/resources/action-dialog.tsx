/** The dialog of a row action with the console's labels: Cancel, Close and (unless told) Save. */
import { FormDialog } from '@web/components/ui/form-dialog.tsx';
import { useTr } from '@web/resources/i18n.ts';
import type { ComponentProps } from 'react';

type Props = Omit<ComponentProps<typeof FormDialog>, 'cancelLabel' | 'closeLabel' | 'submitLabel'> & {
  /** Defaults to `admin.common.save` (already translated when given). */
  submitLabel?: string;
};

export function ActionDialog({ submitLabel, ...props }: Props) {
  const tr = useTr();
  return (
    <FormDialog
      {...props}
      submitLabel={submitLabel ?? tr('admin.common.save')}
      cancelLabel={tr('admin.common.cancel')}
      closeLabel={tr('admin.common.close')}
    />
  );
}
