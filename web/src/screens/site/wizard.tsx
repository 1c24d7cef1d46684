/**
 * The frame of the site wizards (station, power balance, pile): a dialog with the step indicator, the
 * current step's content, a refusal above it, and Cancel / Previous / Next or Save. The wizard itself
 * decides whether Next may go on (it validates the step first), with the step state of useWizardSteps.
 * While the record a wizard edits is read (EditWizard, WizardLoading), the same frame stands in, disabled.
 */
import { Alert, Box, Button, CloseButton, Dialog, Portal, Steps } from '@chakra-ui/react';
import type { ApiPath } from '@shared/api/paths.ts';
import { LoadingState } from '@web/components/ui/state-views.tsx';
import { call } from '@web/lib/api.ts';
import { errorMessage } from '@web/resources/api.ts';
import { useTr } from '@web/resources/i18n.ts';
import type { Row } from '@web/resources/types.ts';
import { useLoad } from '@web/resources/use-load.ts';
import { useSubmit } from '@web/resources/use-submit.ts';
import { useState, type ReactNode } from 'react';
import { errorsOf } from '@web/resources/decls/site/common.tsx';

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
      // Named by its title from the first render, before Chakra links the title (aria-labelledby).
      aria-label={props.title}
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

/** What an add or edit wizard takes (`id`: the record to edit). */
export interface WizardProps {
  mode: 'create' | 'edit';
  id?: string;
  onClose: () => void;
  onDone: (message: string) => void;
}

/** What the form of an add or edit wizard gets: its title and step titles, and on edit the record read. */
export interface WizardForm {
  title: string;
  steps: string[];
  record?: Row;
}

/**
 * The entry of an add or edit wizard: the title by mode (`{prefix}.addTitle` or `.editTitle`); on edit the
 * record read afresh from `url` (keyed `kind:id`) first, the wizard disabled meanwhile; then the form.
 */
export function EditWizard(
  props: Pick<WizardProps, 'mode' | 'id' | 'onClose'> & {
    /** The i18n prefix of the titles. */
    prefix: string;
    kind: string;
    url: ApiPath;
    /** Translated step titles. */
    steps: string[];
    children: (form: WizardForm) => ReactNode;
  },
) {
  const tr = useTr();
  const loaded = useLoad(props.mode === 'edit' && props.id ? `${props.kind}:${props.id}` : null, () =>
    call<Row>(props.url, undefined, { id: props.id ?? '' }),
  );
  const title = tr(props.mode === 'create' ? `${props.prefix}.addTitle` : `${props.prefix}.editTitle`);
  if (props.mode === 'edit' && !loaded.data)
    return <WizardLoading title={title} steps={props.steps} loaded={loaded} onClose={props.onClose} />;
  return props.children({ title, steps: props.steps, record: loaded.data });
}

/** The wizard while its record loads, or when it could not be read: disabled, with a spinner or the refusal. */
export function WizardLoading(props: {
  title: string;
  steps: readonly string[];
  /** The load (useLoad) of what the wizard edits. */
  loaded: { loading: boolean; error?: unknown };
  onClose: () => void;
}) {
  const tr = useTr();
  return (
    <WizardDialog
      title={props.title}
      steps={props.steps}
      step={0}
      disabled
      problem={props.loaded.error ? errorMessage(tr, props.loaded.error) : undefined}
      onPrev={() => undefined}
      onNext={() => undefined}
      onSave={() => undefined}
      onClose={props.onClose}
    >
      {props.loaded.loading ? <LoadingState label={tr('admin.common.loading')} /> : null}
    </WizardDialog>
  );
}

/**
 * The state of a wizard's steps: the step shown, the field errors (message keys by path), a refusal of the
 * whole form and whether a save runs. `stepFields` are each step's top-level fields, by which an error finds
 * its step.
 */
export function useWizardSteps(stepFields: readonly (readonly string[])[]) {
  const tr = useTr();
  const [step, setStep] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The save's failure line is the wizard's problem line (its own checks write to it too).
  const { busy, failure: problem, setFailure: setProblem, run } = useSubmit();
  /** The field errors the server names, on the first step they belong to; false when none belongs to a step. */
  const placeFields = (fields: Record<string, string>) => {
    const at = stepFields.findIndex((names) => Object.keys(errorsOf(fields, names)).length > 0);
    if (at < 0) return false;
    setErrors(fields);
    setStep(at);
    return true;
  };
  return {
    step,
    setStep,
    errors,
    setErrors,
    problem,
    setProblem,
    busy,
    /** The translated error at a path, if any. */
    err: (path: string) => (errors[path] ? tr(errors[path]!) : undefined),
    /** The errors of the first step up to `upTo` that has any are shown, on that step; true when none has. */
    passes: (found: Record<string, string>, upTo: number): boolean => {
      for (let s = 0; s <= upTo; s++) {
        const mine = errorsOf(found, stepFields[s] ?? []);
        if (Object.keys(mine).length) {
          setErrors(mine);
          setStep(s);
          return false;
        }
      }
      return true;
    },
    /** Runs a save busy; a refusal shows its field errors on their step, else above it. */
    save: (work: () => Promise<void>, options: { stay?: boolean } = {}) =>
      run(work, { ...options, onFields: placeFields }),
    /** What WizardDialog takes from the steps' state: Previous clears the errors shown. */
    dialog: {
      step,
      problem,
      busy,
      onPrev: () => {
        setErrors({});
        setStep((s) => s - 1);
      },
    },
  };
}
