/** Roles (/role) and subscription roles (/subRole): the same record, each with the menus it grants. */
import { API, recordPaths } from '@shared/api/paths.ts';
import { CODE } from '@shared/permissions/menus.ts';
import { ROLE_FLAG, ROLE_TYPE, roleForm, roleUpdate } from '@shared/schemas/admin.ts';
import { createTimeColumn, roleMenuTree } from '@web/resources/decls/common.ts';
import type { Column, EnumOption, Field, ResourceDecl } from '@web/resources/types.ts';
import { createElement } from 'react';
import { RoleName } from '@web/resources/built-in.tsx';
import { z } from 'zod';

export const ROLE_FLAG_OPTIONS: readonly EnumOption[] = [
  { value: ROLE_FLAG.admin, label: 'admin.role.flags.admin', tone: 'info' },
  { value: ROLE_FLAG.company, label: 'admin.role.flags.company', tone: 'neutral' },
];

/** Subscription role types (1 to 4); 0 is a normal role. */
export const ROLE_TYPE_OPTIONS: readonly EnumOption[] = [
  { value: ROLE_TYPE.pro, label: 'admin.role.types.pro' },
  { value: ROLE_TYPE.basic, label: 'admin.role.types.basic' },
  { value: ROLE_TYPE.subscribeable, label: 'admin.role.types.subscribeable' },
  { value: ROLE_TYPE.unsubscribeable, label: 'admin.role.types.unsubscribeable' },
];

/** A built-in role's name in the user's language by its code; any other role's own name (decision 453). */
const roleNameColumn: Column = {
  key: 'roleName',
  label: 'admin.role.roleName',
  sortable: true,
  render: (row) => createElement(RoleName, { row }),
};

const nameFields: Field[] = [
  { name: 'roleName', label: 'admin.role.roleName', kind: 'text', required: true },
  {
    name: 'roleCode',
    label: 'admin.role.roleCode',
    kind: 'text',
    required: true,
    help: 'admin.role.codeHelp',
  },
  { name: 'roleDesc', label: 'admin.role.roleDesc', kind: 'textarea' },
];

const menuField = (permission?: string): Field => ({
  name: 'menuIds',
  label: 'admin.role.menus',
  kind: 'tree',
  help: 'admin.role.menusHelp',
  permission,
  loadTree: roleMenuTree,
});

export const roleDecl: ResourceDecl = {
  id: 'role',
  title: 'admin.role.title',
  api: { ...recordPaths(API.admin.role), idParam: 'id' },
  idField: 'roleId',
  nameField: 'roleName',
  permissions: { view: CODE.roles, add: CODE.roleAdd, edit: CODE.roleEdit, delete: CODE.roleDelete },
  schemas: { create: roleForm, update: roleUpdate },
  columns: [
    roleNameColumn,
    { key: 'roleCode', label: 'admin.role.roleCode', sortable: true },
    { key: 'roleDesc', label: 'admin.role.roleDesc' },
    {
      key: 'roleFlag',
      label: 'admin.role.roleFlag',
      kind: 'enum',
      options: ROLE_FLAG_OPTIONS,
      sortable: true,
    },
    createTimeColumn,
  ],
  filters: [{ name: 'roleName', label: 'admin.role.roleName', kind: 'text' }],
  fields: [
    ...nameFields,
    {
      name: 'roleFlag',
      label: 'admin.role.roleFlag',
      kind: 'select',
      required: true,
      options: ROLE_FLAG_OPTIONS,
    },
    // Without 6104 the role's menus are neither shown nor changed (the loaded ones are sent back).
    menuField(CODE.roleMenus),
  ],
  defaults: { roleFlag: ROLE_FLAG.company, roleType: ROLE_TYPE.normal, menuIds: [] },
  // A company also sees the platform's company roles, which it may assign but not change.
  canChange: (row) => row.editable !== false,
};

/** A subscription role needs one of the types 1 to 4 (the shared schema also allows 0, a normal role). */
const subRoleType = z.coerce
  .number({ error: 'validation.required' })
  .int()
  .min(ROLE_TYPE.pro, { error: 'validation.required' })
  .max(ROLE_TYPE.unsubscribeable, { error: 'validation.required' });

export const subRoleDecl: ResourceDecl = {
  ...roleDecl,
  id: 'subRole',
  title: 'admin.subRole.title',
  api: { ...recordPaths(API.admin.subRole), idParam: 'id' },
  permissions: {
    view: CODE.subRoles,
    add: CODE.subRoleEdit,
    edit: CODE.subRoleEdit,
    delete: CODE.subRoleEdit,
  },
  schemas: {
    create: roleForm.extend({ roleType: subRoleType }),
    update: roleUpdate.extend({ roleType: subRoleType }),
  },
  columns: [
    roleNameColumn,
    { key: 'roleCode', label: 'admin.role.roleCode', sortable: true },
    {
      key: 'roleType',
      label: 'admin.role.roleType',
      kind: 'enum',
      options: ROLE_TYPE_OPTIONS,
      sortable: true,
    },
    { key: 'roleDesc', label: 'admin.role.roleDesc' },
    createTimeColumn,
  ],
  fields: [
    ...nameFields,
    {
      name: 'roleType',
      label: 'admin.role.roleType',
      kind: 'select',
      required: true,
      options: ROLE_TYPE_OPTIONS,
    },
    menuField(),
  ],
  // Subscription roles limit companies: always company roles.
  defaults: { roleFlag: ROLE_FLAG.company, menuIds: [] },
  canChange: undefined,
};
