/**
 * /plan and /planDetail/{id}/{name}. The platform (6911) manages the plans (the declaration's list with add,
 * edit and the receipt upload). A company sees its current subscription (POST /admin/subscribe/info?newFlag=1)
 * with its remaining days, and "Renew" for holders of sys_planoper_edit (the expiry warning's "Update now"
 * leads here), above the plans it may see (the universal entries and its own custom plans).
 */
import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { PERMISSION } from '@shared/permissions/menus.ts';
import { FEATURE_PACKAGE, type SubscriptionView } from '@shared/schemas/subscription.ts';
import { Facts, Section } from '@web/components/ui/section.tsx';
import { ErrorState, LoadingState } from '@web/components/ui/state-views.tsx';
import { formatDateTime } from '@web/lib/format.ts';
import { currentSubscriptions } from '@web/pages/subscription/api.ts';
import { dollars } from '@web/pages/subscription/steps.tsx';
import { getError } from '@web/pages/subscription/subscription-wizard.tsx';
import { fetchRecord } from '@web/resources/api.ts';
import { DetailPageFallback, ResourceDetail } from '@web/resources/detail.tsx';
import { useTr } from '@web/resources/i18n.ts';
import { ResourceListPage } from '@web/resources/list-page.tsx';
import { useCan } from '@web/resources/permissions.ts';
import { useLoad } from '@web/resources/use-load.ts';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { ConnectorLimitNotice } from '@web/screens/site/connector-limit.tsx';
import { PLAN_CODE, planDecl } from '@web/resources/decls/plan/plan.tsx';
import { RenewDialog } from './renew-dialog.tsx';

const P = 'planRes';

export function PlanPage() {
  const can = useCan();
  if (can(PLAN_CODE.edit)) return <ResourceListPage decl={planDecl} />;
  return (
    <Stack gap="6">
      <ConnectorLimitNotice />
      <CurrentSubscription />
      <ResourceListPage decl={planDecl} />
    </Stack>
  );
}

const STATUS_TONE: Record<string, string> = {
  active: 'green',
  scheduled: 'blue',
  pending: 'orange',
  expired: 'red',
  failed: 'red',
  quoted: 'gray',
};

function CurrentSubscription() {
  const tr = useTr();
  const can = useCan();
  const [renewing, setRenewing] = useState(false);
  const loaded = useLoad('subscribe:current', currentSubscriptions);
  const canRenew = can(PERMISSION.planOperEdit);
  const current: SubscriptionView | undefined = loaded.data?.[0];
  return (
    <Section
      title={tr(`${P}.current`)}
      aside={
        canRenew ? (
          <Button colorPalette="blue" size="sm" onClick={() => setRenewing(true)}>
            {tr(`${P}.renew`)}
          </Button>
        ) : undefined
      }
    >
      {loaded.loading ? <LoadingState label={tr('admin.common.loading')} /> : null}
      {loaded.error ? (
        <ErrorState
          title={tr(`${P}.current`)}
          message={getError(tr, loaded.error)}
          retryLabel={tr('subsWizard.retry')}
          onRetry={loaded.retry}
        />
      ) : null}
      {loaded.data && !current ? <Text color="fg.muted">{tr(`${P}.noSubscription`)}</Text> : null}
      {current ? (
        <Facts
          label={tr(`${P}.current`)}
          items={[
            {
              label: tr(`${P}.status`),
              value: (
                <Badge colorPalette={STATUS_TONE[current.status] ?? 'gray'}>
                  {tr(`${P}.statuses.${current.status}`)}
                </Badge>
              ),
            },
            {
              label: tr(`${P}.featurePackageType`),
              value: tr(
                `subsWizard.packages.${current.featurePackageType === FEATURE_PACKAGE.pro ? 'pro' : 'basic'}.name`,
              ),
            },
            { label: tr(`${P}.planNo`), value: current.planNo ?? '' },
            { label: tr(`${P}.acConnectorNumber`), value: current.acConnectorNumber },
            { label: tr(`${P}.dcConnectorNumber`), value: current.dcConnectorNumber },
            { label: tr(`${P}.totalFee`), value: dollars(current.totalFee) },
            { label: tr(`${P}.startAt`), value: formatDateTime(current.startAt) },
            { label: tr(`${P}.expireTime`), value: formatDateTime(current.expireAt) },
            {
              label: tr(`${P}.remainingDays`),
              value: current.remainingDays === undefined ? '' : String(current.remainingDays),
            },
          ]}
        />
      ) : null}
      {renewing ? <RenewDialog onClose={() => setRenewing(false)} /> : null}
    </Section>
  );
}

/** /planDetail/{id}/{name}: one plan's facts. */
export function PlanDetailPage() {
  const tr = useTr();
  const { id = '', name = '' } = useParams();
  const loaded = useLoad(`plan:page:${id}`, () => fetchRecord(planDecl, id));
  return (
    <Section
      title={name || tr(planDecl.title)}
      aside={
        loaded.data ? (
          <HStack>
            <Badge>{String(loaded.data.planNo ?? '')}</Badge>
          </HStack>
        ) : undefined
      }
    >
      {loaded.data ? (
        <ResourceDetail fields={planDecl.detail ?? planDecl.columns} record={loaded.data} />
      ) : (
        <DetailPageFallback
          loading={loaded.loading}
          error={loaded.error}
          onRetry={loaded.retry}
          retrying={loaded.loading}
        />
      )}
    </Section>
  );
}
