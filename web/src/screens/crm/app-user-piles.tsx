/**
 * "Personal piles" on an app user's page (docs/decisions/468-app-user-home-piles.md, Console): the charge
 * points the user is linked to, as owner or shared user, with how many users each pile has and since when;
 * holders of the app user edit code (7102) link a personal pile of the company (a pick of the charge points
 * whose personal flag is set) and unlink one after a confirmation. The server's field errors (a pile that is
 * not personal, a pile that has an owner) show under the form's fields; after a change the list and the
 * page's facts (the user's home charger) load again.
 */
import { Button, Table, Text } from '@chakra-ui/react';
import { API } from '@shared/api/paths.ts';
import { CODE } from '@shared/permissions/menus.ts';
import { appUserPileLinkSchema, OWNER_FLAG } from '@shared/resources/crm/app-user.ts';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog.tsx';
import { AppLink } from '@web/components/ui/link.tsx';
import { Section } from '@web/components/ui/section.tsx';
import { showMessage } from '@web/components/ui/toaster.tsx';
import { call } from '@web/lib/api.ts';
import { formatDateTime } from '@web/lib/format.ts';
import { errorMessage } from '@web/resources/api.ts';
import { optionLabel } from '@web/resources/cells.tsx';
import { DataTable } from '@web/resources/data-table.tsx';
import { pileSource } from '@web/resources/decls/order/common.tsx';
import { chargerDetailPath } from '@web/resources/decls/site/common.tsx';
import { FieldsDialog } from '@web/resources/fields-dialog.tsx';
import { useTr } from '@web/resources/i18n.ts';
import { fromSwr, LoadStates } from '@web/resources/load-states.tsx';
import { useCan } from '@web/resources/permissions.ts';
import type { EnumOption, FieldsForm, Row } from '@web/resources/types.ts';
import { useState } from 'react';
import useSWR from 'swr';

const P = 'crm.piles';

/** ownerFlag in words: the pile's owner (1) or a user it is shared with (0). */
export const OWNER_FLAG_OPTIONS: readonly EnumOption[] = [
  { value: OWNER_FLAG.owner, label: `${P}.owner`, tone: 'success' },
  { value: OWNER_FLAG.shared, label: `${P}.shared`, tone: 'neutral' },
];

/** A linked pile as /biz/appUser/piles answers it (functions/appusers/home-piles.ts). */
export interface PileLink {
  chargePointId: string;
  name?: string;
  ownerFlag: number;
  userNum: number;
  createTime: string;
}

const userName = (row: Row) => String(row.userName ?? row.id ?? '');

/** Link the user (the row) to a personal pile of the company, as its owner or a shared user. */
export const linkPileForm: FieldsForm = {
  title: (row) => ({ message: `${P}.linkTitle`, values: { name: userName(row) } }),
  fields: [
    {
      name: 'chargePointId',
      label: `${P}.pile`,
      kind: 'remote',
      required: true,
      help: `${P}.pickHelp`,
      // Only the company's personal (home) piles: the charge point list's personalFlag filter.
      remote: { ...pileSource, body: { personalFlag: true } },
    },
    {
      name: 'ownerFlag',
      label: `${P}.role`,
      kind: 'select',
      required: true,
      help: `${P}.ownerHelp`,
      options: OWNER_FLAG_OPTIONS,
    },
  ],
  initial: () => ({ ownerFlag: String(OWNER_FLAG.owner) }),
  fixed: (row) => ({ id: String(row.id) }),
  schema: appUserPileLinkSchema,
  url: API.biz.appUser.pileLink,
  submitLabel: `${P}.link`,
  failureTitle: `${P}.linkFailed`,
  done: () => ({ message: `${P}.linked` }),
  scope: 'appUserPileLink',
};

/** The pile as shown: its name and id when it has a name, linked to its charger page. */
function PileCell({ link }: { link: PileLink }) {
  return (
    <AppLink to={chargerDetailPath(link.chargePointId)}>
      {link.name ? `${link.name} (${link.chargePointId})` : link.chargePointId}
    </AppLink>
  );
}

export function PersonalPiles(props: {
  user: Row;
  /** Reloads the page's record (its home charger fact). */
  onChanged: () => void;
}) {
  const tr = useTr();
  const can = useCan();
  const id = String(props.user.id ?? '');
  const [linking, setLinking] = useState(false);
  const [unlinking, setUnlinking] = useState<PileLink | null>(null);
  const piles = useSWR([API.biz.appUser.piles, id], () => call<PileLink[]>(API.biz.appUser.piles, { id }));
  const editor = can(CODE.appUserEdit);
  const changed = (message: string) => {
    showMessage('success', message);
    void piles.mutate();
    props.onChanged();
  };

  const unlink = async (link: PileLink) => {
    try {
      await call(API.biz.appUser.pileUnlink, { id, chargePointId: link.chargePointId });
      setUnlinking(null);
      changed(tr(`${P}.unlinked`));
    } catch (e) {
      setUnlinking(null);
      showMessage('error', tr(`${P}.unlinkFailed`), { description: errorMessage(tr, e) });
    }
  };

  const links = piles.data;
  return (
    <Section
      title={tr(`${P}.title`)}
      aside={
        editor ? (
          <Button size="sm" colorPalette="blue" onClick={() => setLinking(true)}>
            {tr(`${P}.link`)}
          </Button>
        ) : null
      }
    >
      {links?.length ? (
        <DataTable
          label={tr(`${P}.title`)}
          headings={[
            tr(`${P}.pile`),
            tr(`${P}.role`),
            { label: tr(`${P}.userNum`), end: true },
            tr(`${P}.since`),
            ...(editor ? [tr('admin.common.actions')] : []),
          ]}
        >
          {links.map((link) => (
            <Table.Row key={link.chargePointId}>
              <Table.Cell>
                <PileCell link={link} />
              </Table.Cell>
              <Table.Cell>{optionLabel(tr, OWNER_FLAG_OPTIONS, link.ownerFlag)}</Table.Cell>
              <Table.Cell textAlign="end">{String(link.userNum)}</Table.Cell>
              <Table.Cell>
                <Text as="span" whiteSpace="nowrap">
                  {formatDateTime(link.createTime)}
                </Text>
              </Table.Cell>
              {editor ? (
                <Table.Cell>
                  <Button size="xs" variant="outline" colorPalette="red" onClick={() => setUnlinking(link)}>
                    {tr(`${P}.unlink`)}
                  </Button>
                </Table.Cell>
              ) : null}
            </Table.Row>
          ))}
        </DataTable>
      ) : (
        <LoadStates {...fromSwr(piles)} empty={links?.length === 0} emptyTitle={tr(`${P}.none`)} />
      )}
      {linking ? (
        <FieldsDialog
          form={linkPileForm}
          row={props.user}
          onClose={() => setLinking(false)}
          onDone={(message) => {
            setLinking(false);
            changed(message);
          }}
        />
      ) : null}
      <ConfirmDialog
        open={unlinking !== null}
        title={tr(`${P}.unlink`)}
        message={tr(`${P}.unlinkConfirm`, {
          name: unlinking?.name ? `${unlinking.name} (${unlinking.chargePointId})` : unlinking?.chargePointId,
        })}
        confirmLabel={tr(`${P}.unlink`)}
        cancelLabel={tr('admin.common.cancel')}
        danger
        onConfirm={() => (unlinking ? unlink(unlinking) : undefined)}
        onClose={() => setUnlinking(null)}
      />
    </Section>
  );
}
