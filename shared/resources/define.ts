/**
 * A resource declaration (docs/architecture.md section 5): one per entity, shared by the API (routes,
 * storage, validation, tenancy, audit) and the console. The generic calls are `/{module}/{name}/list | add |
 * update | info?id= | del?id=` (docs/product.md section 7).
 */
import type { z } from 'zod';

export interface ResourceMeta<S extends z.ZodObject = z.ZodObject> {
  module: string;
  name: string;
  /** Storage key prefix, upper case. */
  type: string;
  /** i18n key naming one record of it (audit titles, messages). */
  label: string;
  /**
   * `platform`: the platform's own (only platform users see it); `shared`: the platform's, read by every
   * company (catalogues such as brands); `tenant`: each company has its own and sees its subtree's.
   */
  tenancy: 'platform' | 'shared' | 'tenant';
  /**
   * `import`: the code of the Excel template and import where docs/product.md names one (else the add code).
   */
  permissions: { view: string; add: string; edit: string; del: string; import?: string };
  /** The editable fields; requests are strict (unknown fields are refused). */
  schema: S;
  /** List filters: exact match or case-insensitive substring. */
  filters?: Record<string, 'eq' | 'contains'>;
  /** Fields the list may be ordered by (besides createTime). */
  sortable?: string[];
  /** Index-backed orders (at most two; docs/architecture.md section 3: no scan on a hot path). */
  views?: { eq?: string[]; sort: string }[];
  /**
   * Each entry a field whose value is unique within a tenant (or platform-wide for platform resources).
   * `guard` names the guard when resources share one (a tag held by a driver or a vehicle, never both).
   */
  unique?: { field: string; message: string; guard?: string }[];
  /** Write-only fields: stored, never returned (a `{field}Set` flag says whether one is stored). */
  secrets?: string[];
  /**
   * The record's id is this field's value, given when it is created and never changed (a charge point's
   * OCPP identity); `message` answers an id that is taken. Without it ids are generated.
   */
  idFrom?: { field: string; message: string };
  /** Offers the Excel import (template, upload, per-row report) where docs/product.md names one. */
  importable?: boolean;
}

export function defineResource<S extends z.ZodObject>(meta: ResourceMeta<S>): ResourceMeta<S> {
  return meta;
}

export const SECRET_MASK = '******';
