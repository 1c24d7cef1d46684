/** The screens of sites and devices, loaded together (web/src/screens/registry.ts). */
import { Stack } from '@chakra-ui/react';
import { chargePointDecl } from '@web/resources/decls/site/charge-point.tsx';
import { ResourceListPage } from '@web/resources/list-page.tsx';
import { createElement } from 'react';
import { ConnectorLimitNotice } from './connector-limit.tsx';

export { ChargerDetailPage } from './charger-detail.tsx';
export { MonitorPage } from './monitor.tsx';
export { StationDetailPage } from './station-detail.tsx';
export { StationsPage } from './stations-page.tsx';

/** /device: the charge points under the company's connector usage (and its warning when over the limit). */
export function DevicePage() {
  return createElement(
    Stack,
    { gap: '4' },
    createElement(ConnectorLimitNotice),
    createElement(ResourceListPage, { decl: chargePointDecl }),
  );
}
