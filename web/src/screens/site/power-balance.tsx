/**
 * The power balance wizard of a station (docs/product.md sections 2 and 5): 1 the plan — power mode, the
 * three cycles (normal adjust > alarm adjust > alarm sampling), stop electricity, offline max power; 2 the
 * transformer groups — added or edited one at a time (the one under edit must be saved or cancelled before
 * another is touched or the plan saved), each with a unique name, rated power above alarm power, and at least
 * one pile of this station. The shared power balance schema validates; the API checks the same.
 */
import { API } from '@shared/api/paths.ts';
import { Box, Button, Checkbox, Fieldset, HStack, Stack, Table, Text, Wrap } from '@chakra-ui/react';
import { powerBalanceSchema, transformerGroupSchema } from '@shared/resources/site/station.ts';
import { call } from '@web/lib/api.ts';
import { asPage } from '@web/resources/api.ts';
import { FormField } from '@web/resources/form-fields.tsx';
import { DataTable } from '@web/resources/data-table.tsx';
import { useTr } from '@web/resources/i18n.ts';
import type { Field, Row } from '@web/resources/types.ts';
import { useLoad } from '@web/resources/use-load.ts';
import { fromInput, toInput } from '@web/resources/values.ts';
import { useSubmit } from '@web/resources/use-submit.ts';
import { useState } from 'react';
import { check, errorsOf, PILE_LIST_URL, POWER_MODE_OPTIONS } from '@web/resources/decls/site/common.tsx';
import { WizardDialog, WizardLoading } from './wizard.tsx';

const W = 'siteConsole.power';

const planFields: Field[] = [
  { name: 'powerMode', label: `${W}.powerMode`, kind: 'select', required: true, options: POWER_MODE_OPTIONS },
  { name: 'normalCycle', label: `${W}.normalCycle`, kind: 'number', required: true, help: `${W}.seconds` },
  { name: 'alarmCycle', label: `${W}.alarmCycle`, kind: 'number', required: true, help: `${W}.seconds` },
  {
    name: 'samplingCycle',
    label: `${W}.samplingCycle`,
    kind: 'number',
    required: true,
    help: `${W}.seconds`,
  },
  { name: 'offlineMaxPower', label: `${W}.offlineMaxPower`, kind: 'number', required: true, help: `${W}.kw` },
  { name: 'stopElectricity', label: `${W}.stopElectricity`, kind: 'switch' },
];

const groupFields: Field[] = [
  { name: 'name', label: `${W}.groupName`, kind: 'text', required: true },
  { name: 'ratedPower', label: `${W}.ratedPower`, kind: 'number', required: true, help: `${W}.kw` },
  { name: 'alarmPower', label: `${W}.alarmPower`, kind: 'number', required: true, help: `${W}.kw` },
];

interface Group {
  name: string;
  ratedPower: number;
  alarmPower: number;
  chargePointIds: string[];
}

interface Draft {
  /** Index of the group under edit; null for a new one. */
  index: number | null;
  values: Row;
  chargePointIds: string[];
}

interface Loaded {
  station: Row;
  piles: Row[];
}

export function PowerBalanceDialog(props: {
  row: Row;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const tr = useTr();
  const id = String(props.row.id ?? '');
  const loaded = useLoad<Loaded>(`powerBalance:${id}`, async () => {
    const [station, piles] = await Promise.all([
      call<Row>(API.biz.station.info, undefined, { id }),
      call<unknown>(PILE_LIST_URL, { stationId: id, current: 1, size: 500 }),
    ]);
    return { station, piles: asPage(piles).records };
  });
  const title = tr(`${W}.title`, { name: String(props.row.name ?? '') });
  const steps = [tr(`${W}.steps.plan`), tr(`${W}.steps.groups`)];
  if (!loaded.data)
    return <WizardLoading title={title} steps={steps} loaded={loaded} onClose={props.onClose} />;
  return <PowerBalanceForm {...props} title={title} steps={steps} data={loaded.data} />;
}

function PowerBalanceForm(props: {
  title: string;
  steps: string[];
  data: Loaded;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const tr = useTr();
  const { station, piles } = props.data;
  const saved = (station.powerBalance ?? {}) as Row;
  const [plan, setPlan] = useState<Row>(() =>
    Object.fromEntries(planFields.map((f) => [f.name, toInput(f, saved[f.name])])),
  );
  const [groups, setGroups] = useState<Group[]>(() =>
    Array.isArray(saved.groups) ? (saved.groups as Group[]) : [],
  );
  const [draft, setDraft] = useState<Draft | null>(null);
  const [step, setStep] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The hook's failure line doubles as the wizard's problem line (its own checks write to it too).
  const { busy, failure: problem, setFailure: setProblem, run } = useSubmit();

  const planBody = (): Row => ({
    ...Object.fromEntries(planFields.map((f) => [f.name, fromInput(f, plan[f.name])])),
    groups,
  });
  const pileName = (pileId: string) => {
    const pile = piles.find((p) => String(p.id ?? p.chargePointId) === pileId);
    return pile ? `${String(pile.name ?? pileId)} (${pileId})` : pileId;
  };

  const next = () => {
    setProblem('');
    const checked = check(powerBalanceSchema, planBody());
    const mine = checked.ok
      ? {}
      : errorsOf(
          checked.errors,
          planFields.map((f) => f.name),
        );
    setErrors(mine);
    if (!Object.keys(mine).length) setStep(1);
  };

  const saveGroup = () => {
    if (!draft) return;
    const body = {
      ...Object.fromEntries(groupFields.map((f) => [f.name, fromInput(f, draft.values[f.name])])),
      chargePointIds: draft.chargePointIds,
    };
    const checked = check(transformerGroupSchema, body);
    const found: Record<string, string> = checked.ok ? {} : { ...checked.errors };
    const name = String(draft.values.name ?? '')
      .trim()
      .toLowerCase();
    if (name && groups.some((g, i) => i !== draft.index && g.name.toLowerCase() === name))
      found.name ??= 'siteRes.validation.transformerNameTaken';
    setErrors(Object.fromEntries(Object.entries(found).map(([k, v]) => [`draft.${k}`, v])));
    if (!checked.ok || Object.keys(found).length) return;
    const group = checked.data as Group;
    setGroups((list) =>
      draft.index === null ? [...list, group] : list.map((g, i) => (i === draft.index ? group : g)),
    );
    setDraft(null);
    setProblem('');
  };

  const save = async () => {
    setProblem('');
    if (draft) return setProblem(tr(`${W}.finishEditing`));
    const checked = check(powerBalanceSchema, planBody());
    if (!checked.ok) {
      const planErrors = errorsOf(
        checked.errors,
        planFields.map((f) => f.name),
      );
      if (Object.keys(planErrors).length) {
        setErrors(planErrors);
        setStep(0);
      } else setProblem(tr(Object.values(checked.errors)[0] ?? 'admin.common.invalid'));
      return;
    }
    await run(
      async () => {
        await call(API.biz.station.powerBalance, {
          ...checked.data,
          id: station.id,
          version: station.version,
        });
        props.onDone(tr(`${W}.saved`));
      },
      { stay: true },
    );
  };

  const err = (key: string) => (errors[key] ? tr(errors[key]!) : undefined);
  const otherGroupOf = (pileId: string) =>
    groups.find((g, i) => i !== draft?.index && g.chargePointIds.includes(pileId));

  return (
    <WizardDialog
      title={props.title}
      steps={props.steps}
      step={step}
      problem={problem}
      busy={busy}
      onPrev={() => {
        setErrors({});
        setStep(0);
      }}
      onNext={next}
      onSave={() => void save()}
      onClose={props.onClose}
    >
      {step === 0 ? (
        <Box display="grid" gridTemplateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
          {planFields.map((field) => (
            <FormField
              key={field.name}
              field={field}
              scope="powerBalance"
              value={plan[field.name]}
              onChange={(v) => {
                setPlan((p) => ({ ...p, [field.name]: v }));
                setErrors((e) => ({ ...e, [field.name]: '' }));
              }}
              onAssign={() => undefined}
              error={err(field.name)}
              disabled={busy}
            />
          ))}
        </Box>
      ) : (
        <Stack gap="4">
          {groups.length ? (
            <DataTable
              label={tr(`${W}.groups`)}
              headings={[
                tr(`${W}.groupName`),
                tr(`${W}.ratedPower`),
                tr(`${W}.alarmPower`),
                tr(`${W}.piles`),
                { label: tr('admin.common.actions'), end: true },
              ]}
            >
              {groups.map((group, index) => (
                <Table.Row key={`${group.name}-${index}`}>
                  <Table.Cell>{group.name}</Table.Cell>
                  <Table.Cell>{group.ratedPower}</Table.Cell>
                  <Table.Cell>{group.alarmPower}</Table.Cell>
                  <Table.Cell>{group.chargePointIds.map(pileName).join(', ')}</Table.Cell>
                  <Table.Cell textAlign="end">
                    <HStack gap="1" justify="flex-end">
                      <Button
                        size="xs"
                        variant="ghost"
                        disabled={draft !== null || busy}
                        onClick={() =>
                          setDraft({
                            index,
                            values: Object.fromEntries(
                              groupFields.map((f) => [f.name, toInput(f, group[f.name as keyof Group])]),
                            ),
                            chargePointIds: [...group.chargePointIds],
                          })
                        }
                      >
                        {tr('admin.common.edit')}
                      </Button>
                      <Button
                        size="xs"
                        variant="ghost"
                        colorPalette="red"
                        disabled={draft !== null || busy}
                        onClick={() => setGroups((list) => list.filter((_, i) => i !== index))}
                      >
                        {tr('admin.common.delete')}
                      </Button>
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              ))}
            </DataTable>
          ) : (
            <Text color="fg.muted">{tr(`${W}.noGroups`)}</Text>
          )}

          {draft ? (
            <Stack
              gap="3"
              borderWidth="1px"
              rounded="l2"
              p="4"
              role="group"
              aria-label={tr(draft.index === null ? `${W}.addGroup` : `${W}.editGroup`)}
            >
              <Text fontWeight="semibold">
                {tr(draft.index === null ? `${W}.addGroup` : `${W}.editGroup`)}
              </Text>
              {groupFields.map((field) => (
                <FormField
                  key={field.name}
                  field={field}
                  scope="powerGroup"
                  value={draft.values[field.name]}
                  onChange={(v) => {
                    setDraft((d) => (d ? { ...d, values: { ...d.values, [field.name]: v } } : d));
                    setErrors((e) => ({ ...e, [`draft.${field.name}`]: '' }));
                  }}
                  onAssign={() => undefined}
                  error={err(`draft.${field.name}`)}
                />
              ))}
              <Fieldset.Root invalid={Boolean(errors['draft.chargePointIds'])}>
                <Fieldset.Legend fontSize="sm" fontWeight="medium">
                  {tr(`${W}.piles`)}
                </Fieldset.Legend>
                <Fieldset.Content mt="1">
                  {piles.length === 0 ? <Text color="fg.muted">{tr(`${W}.noPiles`)}</Text> : null}
                  <Wrap gap="4">
                    {piles.map((pile) => {
                      const pileId = String(pile.id ?? pile.chargePointId);
                      const other = otherGroupOf(pileId);
                      return (
                        <Checkbox.Root
                          key={pileId}
                          size="sm"
                          disabled={Boolean(other)}
                          checked={draft.chargePointIds.includes(pileId)}
                          onCheckedChange={(e) => {
                            setDraft((d) =>
                              d
                                ? {
                                    ...d,
                                    chargePointIds: e.checked
                                      ? [...d.chargePointIds, pileId]
                                      : d.chargePointIds.filter((x) => x !== pileId),
                                  }
                                : d,
                            );
                            setErrors((er) => ({ ...er, 'draft.chargePointIds': '' }));
                          }}
                        >
                          <Checkbox.HiddenInput />
                          <Checkbox.Control />
                          <Checkbox.Label>
                            {pileName(pileId)}
                            {other ? ` — ${tr(`${W}.inGroup`, { name: other.name })}` : ''}
                          </Checkbox.Label>
                        </Checkbox.Root>
                      );
                    })}
                  </Wrap>
                </Fieldset.Content>
                {errors['draft.chargePointIds'] ? (
                  <Fieldset.ErrorText>{tr(errors['draft.chargePointIds'])}</Fieldset.ErrorText>
                ) : null}
              </Fieldset.Root>
              <HStack>
                <Button size="sm" colorPalette="blue" onClick={saveGroup}>
                  {tr(`${W}.saveGroup`)}
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => {
                    setDraft(null);
                    setErrors({});
                  }}
                >
                  {tr('admin.common.cancel')}
                </Button>
              </HStack>
            </Stack>
          ) : (
            <Box>
              <Button
                size="sm"
                variant="outline"
                disabled={busy}
                onClick={() => setDraft({ index: null, values: {}, chargePointIds: [] })}
              >
                {tr(`${W}.addGroup`)}
              </Button>
            </Box>
          )}
        </Stack>
      )}
    </WizardDialog>
  );
}
