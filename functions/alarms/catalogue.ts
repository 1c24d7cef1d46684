/**
 * The alarm catalogue: alarm templates and alarm mail settings, resources served with the catalogue group
 * (functions/biz/catalogue-resources.ts) and read by the alarms themselves (functions/alarms/service.ts). They
 * sit with the alarms, below the catalogue, so that the alarms import nothing above them
 * (docs/decisions/444-layers-you-can-see.md).
 */
import { alarmMailResource } from '@shared/resources/catalogue/alarm-mail.ts';
import { alarmTemplateResource } from '@shared/resources/catalogue/alarm-template.ts';
import { resource, type Resource } from '@functions/api/resources.ts';
import { refused } from '@functions/lib/errors.ts';
import { PLATFORM_TENANT } from '@functions/lib/records.ts';

/** The tenant paths that may hold a record bound to one at `tenant`: the tenant itself and its ancestors. */
export function tenantAndAncestors(tenant: string): string[] {
  const parts = tenant.split('/').filter(Boolean);
  return [PLATFORM_TENANT, ...parts.map((_, i) => `/${parts.slice(0, i + 1).join('/')}/`)];
}

/** How many records of `r` in `tenants` have `field` = `value`, from the counter of an `eq` view. */
export async function countByView(
  r: Resource,
  field: string,
  value: string,
  tenants: string[],
): Promise<number> {
  const view = (r.meta.views ?? []).find((v) => v.eq?.length === 1 && v.eq[0] === field);
  if (!view) throw new Error(`${r.meta.type} has no view on ${field}`);
  const page = await r.repo.findPage({
    scope: PLATFORM_TENANT,
    tenants,
    query: { current: 1, size: 1, orderBy: view.sort, order: 'asc' },
    filters: { [field]: value },
    modes: { [field]: 'eq' },
  });
  return page.total;
}

export const alarmTemplates: Resource = resource(alarmTemplateResource, {
  // A mail setting may be bound to a template of its own company or of a company below it.
  deleteGuard: async (template) =>
    (await countByView(alarmMails, 'templateId', template.id, tenantAndAncestors(template.tenant))) > 0
      ? 'catalogueRes.server.templateInUse'
      : undefined,
});

export const alarmMails: Resource = resource(alarmMailResource, {
  check: async (mail) => {
    // The template must be one the mail's company sees.
    const template = await alarmTemplates.repo.get(String(mail.tenant), String(mail.templateId));
    if (!template) throw refused('catalogueRes.server.templateMissing');
  },
});
