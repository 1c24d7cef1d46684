/**
 * The HTTP routes of declared resources (shared/resources): the five generic calls, the export of the current
 * filter (the resource's view code and the Pro file export 9100), and for importable ones the Excel template and import, with codes and audit titles.
 * Their paths are shared/api/paths.ts's `resourcePaths`, which the console calls too (decision 443).
 */
import { resourcePaths, type ResourcePaths } from '@shared/api/paths.ts';
import type { ResourceMeta } from '@shared/resources/define.ts';
import { FILE_EXPORT_CODE } from '@shared/resources/catalogue/file-export.ts';
import type { HttpRouteDecl } from './types.ts';

/** `fleet`: a fleet account may call the resource's calls (not its export, which /fileExport serves). */
export function resourceRoutes(
  meta: ResourceMeta,
  domain: string,
  options: { fleet?: true } = {},
): HttpRouteDecl[] {
  const paths = resourcePaths(meta);
  const route = (
    action: keyof ResourcePaths,
    permission: string,
    audit?: string,
    alsoNeeds?: string[],
  ): HttpRouteDecl => ({
    method: 'POST',
    path: paths[action]!,
    domain,
    auth: 'user',
    permission,
    ...(options.fleet && action !== 'export' ? { fleet: true as const } : {}),
    ...(alsoNeeds ? { alsoNeeds } : {}),
    ...(audit
      ? { audit, auditWhat: meta.label, ...(meta.secrets?.length ? { auditMask: meta.secrets } : {}) }
      : {}),
  });
  return [
    route('list', meta.permissions.view),
    route('info', meta.permissions.view),
    route('add', meta.permissions.add, 'server.audit.resourceAdd'),
    route('update', meta.permissions.edit, 'server.audit.resourceUpdate'),
    route('del', meta.permissions.del, 'server.audit.resourceDelete'),
    // Data export is Pro (docs/product.md section 2): the file is listed and downloaded in /fileExport
    // (9100).
    route('export', meta.permissions.view, 'server.audit.resourceExport', [FILE_EXPORT_CODE.view]),
    ...(meta.importable
      ? [
          route('template', meta.permissions.import ?? meta.permissions.add),
          route('import', meta.permissions.import ?? meta.permissions.add, 'server.audit.resourceImport'),
        ]
      : []),
  ];
}
