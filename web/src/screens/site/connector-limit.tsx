/**
 * The company's connectors against its subscription (POST /biz/chargePoint/usage; decision 110), on /device
 * and /plan: the counts in use and allowed, and a warning when the company holds more than it bought (after
 * a downgrade it keeps its charge points but cannot add connectors). Nothing for a company that is not
 * limited (no subscription needed) or a caller without the charge point list (2200).
 */
import { API } from '@shared/api/paths.ts';
import { Alert, Text } from '@chakra-ui/react';
import { PILE_CODE } from '@shared/resources/site/charge-point.ts';
import { call } from '@web/lib/api.ts';
import { useTr } from '@web/resources/i18n.ts';
import { useCan } from '@web/resources/permissions.ts';
import { useLoad } from '@web/resources/use-load.ts';

interface ConnectorUsage {
  limited: boolean;
  used: { ac: number; dc: number };
  allowed?: { ac: number; dc: number };
  over: boolean;
}

export function ConnectorLimitNotice() {
  const tr = useTr();
  const can = useCan();
  const loaded = useLoad(can(PILE_CODE.view) ? 'connector-usage' : null, () =>
    call<ConnectorUsage>(API.biz.chargePoint.usage),
  );
  const usage = loaded.data;
  if (!usage?.limited || !usage.allowed) return null;
  const values = {
    acUsed: usage.used.ac,
    dcUsed: usage.used.dc,
    ac: usage.allowed.ac,
    dc: usage.allowed.dc,
  };
  if (!usage.over)
    return (
      <Text fontSize="sm" color="fg.muted" data-testid="connector-usage">
        {tr('siteConsole.limit.usage', values)}
      </Text>
    );
  return (
    <Alert.Root status="warning" variant="surface" role="alert" data-testid="connector-limit-warning">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{tr('siteConsole.limit.title')}</Alert.Title>
        <Alert.Description>{tr('siteConsole.limit.over', values)}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
