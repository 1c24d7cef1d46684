/** Biz domain: the catalogue and device-catalogue resources (and their extra actions), and the alarms. */
import { alarmRoutes } from '@functions/alarms/routes.ts';
import { httpHandler, type Route } from '@functions/lib/http.ts';
import { resourceHandlers } from '@functions/lib/resources.ts';
import { cardActions } from './cards.ts';
import { catalogueActions, catalogueResources } from './catalogue-resources.ts';
import { deviceActions, deviceResources } from './device-resources.ts';

export const handler = httpHandler({
  ...resourceHandlers([...catalogueResources, ...deviceResources]),
  ...catalogueActions,
  ...deviceActions,
  ...cardActions,
  ...alarmRoutes,
} satisfies Record<string, Route>);
