/**
 * /powerProfile: the charging profiles (web/src/resources/decls/device/charging-profile.tsx) with the editor
 * of a new profile and the composite schedule of a connector above the list.
 */
import { API } from '@shared/api/paths.ts';
import { Button, HStack, Stack } from '@chakra-ui/react';
import { chargingProfileResource } from '@shared/resources/device/charging-profile.ts';
import {
  chargingProfileDecl,
  COMPOSITE_CODE,
  CompositeDialog,
  P,
  ProfileEditor,
} from '@web/resources/decls/device/charging-profile.tsx';
import { useTr } from '@web/resources/i18n.ts';
import { ResourceListPage } from '@web/resources/list-page.tsx';
import { useCan } from '@web/resources/permissions.ts';
import { useState } from 'react';
import { useSWRConfig } from 'swr';

const { permissions: p } = chargingProfileResource;
const LIST = API.biz.chargingProfile.list;

export function ChargingProfilePage() {
  const tr = useTr();
  const can = useCan();
  const { mutate } = useSWRConfig();
  const [open, setOpen] = useState<'create' | 'composite' | null>(null);
  const refresh = () => void mutate((key) => Array.isArray(key) && key[0] === LIST);
  return (
    <Stack gap="4">
      <HStack gap="2">
        {can(p.add) ? (
          <Button size="sm" onClick={() => setOpen('create')}>
            {tr(`${P}.create`)}
          </Button>
        ) : null}
        {can(COMPOSITE_CODE) ? (
          <Button size="sm" variant="outline" onClick={() => setOpen('composite')}>
            {tr(`${P}.composite`)}
          </Button>
        ) : null}
      </HStack>
      <ResourceListPage decl={chargingProfileDecl} />
      {open === 'create' ? (
        <ProfileEditor
          onClose={() => setOpen(null)}
          onDone={() => {
            setOpen(null);
            refresh();
          }}
        />
      ) : null}
      {open === 'composite' ? <CompositeDialog onClose={() => setOpen(null)} /> : null}
    </Stack>
  );
}
