/**
 * The frame of the site wizards (station, power balance, pile): a dialog with the step indicator, the
 * current step's content, a refusal above it, and Cancel / Previous / Next or Save. The wizard itself
 * decides whether Next may go on (it validates the step first).
 */
import { Alert, Box, Button, CloseButton, Dialog, Portal, Steps } from '@chakra-ui/react';
import { useTr } from '@web/resources/i18n.ts';
import type { ReactNode } from 'react';

export function WizardDialog(props: {
  title: string;
  /** Translated step titles. */
  steps: readonly string[];
  step: number;
  /** A refusal of the whole form (server message, stale version), already translated. */
  problem?: string;
  busy?: boolean;
  /** Save is off (the form's record is still loading). */
  disabled?: boolean;
  onPrev: () => void;
  onNext: () => void;
  onSave: () => void;
  onClose: () => void;
  saveLabel?: string;
  children: ReactNode;
}) {
  const tr = useTr();
  const last = props.step === props.steps.length - 1;
  return (
    <Dialog.Root
      open
      size="lg"
      scrollBehavior="inside"
      closeOnInteractOutside={false}
      onOpenChange={(e) => (e.open || props.busy ? undefined : props.onClose())}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form
              noValidate
              style={{ display: 'contents' }}
              onSubmit={(e) => {
                e.preventDefault();
                if (last) props.onSave();
                else props.onNext();
              }}
            >
              <Dialog.Header flexDirection="column" alignItems="stretch" gap="4">
                <Dialog.Title>{props.title}</Dialog.Title>
                <Steps.Root step={props.step} count={props.steps.length} size="sm" colorPalette="blue">
                  <Steps.List aria-label={tr('siteConsole.common.steps')}>
                    {props.steps.map((title, index) => (
                      <Steps.Item
                        key={title}
                        index={index}
                        aria-current={index === props.step ? 'step' : undefined}
                      >
                        <Steps.Indicator>
                          <Steps.Status complete="✓" incomplete={<Steps.Number />} />
                        </Steps.Indicator>
                        <Steps.Title>{title}</Steps.Title>
                        <Steps.Separator />
                      </Steps.Item>
                    ))}
                  </Steps.List>
                </Steps.Root>
              </Dialog.Header>
              <Dialog.Body>
                {props.problem ? (
                  <Alert.Root status="error" role="alert" mb="4">
                    <Alert.Indicator />
                    <Alert.Title fontWeight="normal">{props.problem}</Alert.Title>
                  </Alert.Root>
                ) : null}
                <Box>{props.children}</Box>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={props.onClose} disabled={props.busy}>
                  {tr('admin.common.cancel')}
                </Button>
                {props.step > 0 ? (
                  <Button variant="outline" onClick={props.onPrev} disabled={props.busy}>
                    {tr('admin.common.prev')}
                  </Button>
                ) : null}
                <Button type="submit" colorPalette="blue" loading={props.busy} disabled={props.disabled}>
                  {last ? (props.saveLabel ?? tr('admin.common.save')) : tr('admin.common.next')}
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={tr('admin.common.close')} disabled={props.busy} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
