/**
 * Admin domain: user info and menus, users, roles, subscription roles, companies, operator limits, logs, and
 * the system resources' own calls. The one place binding these routes to the services: each request is read
 * and checked here with the shared schemas, and the services take typed input.
 */
import {
  logQuery,
  operatorForm,
  operatorLimitForm,
  operatorLimitUpdate,
  operatorUpdate,
  nameListQuery,
  operatorListQuery,
  pageQuery,
  roleListQuery,
  userListQuery,
  resetPwd,
  roleForm,
  roleUpdate,
  stationBind,
  SUB_STATUS,
  userAdd,
  userUpdate,
} from '@shared/schemas/admin.ts';
import { changePasswordForm, updateInfoForm, updatePwdRequest } from '@shared/schemas/identity.ts';
import { emspBindSchema } from '@shared/resources/system/emsp.ts';
import { CODE } from '@shared/permissions/menus.ts';
import { decryptPassword } from '@functions/auth/keys.ts';
import { readMultipart } from '@functions/lib/multipart.ts';
import { EXPIRE_REMIND_WINDOW_DAYS } from '@shared/schemas/subscription.ts';
import { remindDays } from '@shared/subscription/pricing.ts';
import { httpHandler, ok, who, type Request } from '@functions/api/http.ts';
import { parse } from '@functions/lib/validate.ts';
import { menuFor } from './menus.ts';
import { listLogs } from './logs.ts';
import {
  addOperator,
  childrenOf,
  deleteOperator,
  listOperators,
  operatorInfo,
  operatorOptions,
  operatorTree,
  updateOperator,
} from './operators.ts';
import { addLimit, deleteLimit, limitInfo, listLimits, updateLimit } from './operator-limits.ts';
import { resourceHandlers } from '@functions/api/resources.ts';
import { parameterByCode, parameters, PARAMETER_CODE } from './parameters.ts';
import {
  bind,
  bindEntries,
  bindList,
  sendTestMail,
  systemResources,
  testMailBody,
  uploadCertificate,
} from './system-resources.ts';
import {
  addRole,
  assignableRoles,
  deleteRole,
  listRoles,
  roleInfo,
  roleMenuTree,
  updateRole,
  type RoleGroup,
} from './roles.ts';
import {
  addUser,
  bindStations,
  changePassword,
  childUserCount,
  deleteUser,
  listUsers,
  resetPassword,
  stationBindList,
  toView,
  updateOwnInfo,
  updateUser,
  userInfo,
} from './users.ts';

const body = (req: Request) => (req.body ?? {}) as Record<string, unknown>;
const page = (req: Request) => parse(pageQuery, body(req));
const done = () => ok(null);
/** A form whose password arrives RSA-encrypted: decrypted first, then checked with the rest. */
const withPassword = async (req: Request) => ({
  ...body(req),
  password: await decryptPassword(body(req).password),
});

function roleRoutes(base: string, group: RoleGroup) {
  return {
    [`POST ${base}/list`]: async (req: Request) =>
      ok(await listRoles(who(req), group, parse(roleListQuery, body(req)))),
    [`POST ${base}/info`]: async (req: Request) => ok(await roleInfo(who(req), req.query.id, group)),
    [`POST ${base}/add`]: async (req: Request) =>
      ok(await addRole(who(req), group, parse(roleForm, req.body))),
    [`POST ${base}/update`]: async (req: Request) =>
      ok(await updateRole(who(req), group, parse(roleUpdate, req.body))),
    [`POST ${base}/del`]: async (req: Request) => (await deleteRole(who(req), group, req.query.id), done()),
  };
}

export const handler = httpHandler({
  'GET /admin/user/info': async (req) => {
    const identity = who(req);
    const mapKey = await parameterByCode(PARAMETER_CODE.mapKey);
    const view = await toView(identity.user);
    return ok({
      sysUser: {
        ...view,
        subStatus: identity.operator?.subStatus ?? null,
        // Whole days left (a started day counts) once within the warning window; null otherwise.
        expireRemindDays:
          identity.operator?.subStatus === SUB_STATUS.subscribed
            ? remindDays(identity.operator.subscribeExpireAt, new Date(), EXPIRE_REMIND_WINDOW_DAYS)
            : null,
      },
      permissions: [...identity.permissions].sort(),
      roles: identity.roles.map((r) => r.roleCode),
      googleMap: mapKey?.value ?? '',
      agentName: identity.operator?.operatorName ?? null,
    });
  },
  // Reaching here means the session, the account and its company are all still valid.
  'POST /admin/user/check': async (req) => (who(req), ok({ valid: true })),
  'POST /admin/menu/list': async (req) => ok(menuFor(who(req))),
  'POST /admin/menu/tree': async (req) => ok(await roleMenuTree(who(req), req.query.id)),

  'POST /admin/user/list': async (req) => ok(await listUsers(who(req), parse(userListQuery, body(req)))),
  'POST /admin/user/info': async (req) => ok(await userInfo(who(req), req.query.userId)),
  'POST /admin/user/add': async (req) => {
    const identity = who(req);
    return ok(await addUser(identity, parse(userAdd, await withPassword(req))));
  },
  'POST /admin/user/update': async (req) => ok(await updateUser(who(req), parse(userUpdate, req.body))),
  'POST /admin/user/del': async (req) => (await deleteUser(who(req), req.query.userId), done()),
  'POST /admin/user/getChildUserCount': async (req) => ok(await childUserCount(who(req), req.query.userId)),
  'POST /admin/user/resetPwd': async (req) => {
    const identity = who(req);
    return (await resetPassword(identity, parse(resetPwd, await withPassword(req))), done());
  },
  'POST /admin/user/updatePwd': async (req) => {
    const input = parse(updatePwdRequest, req.body);
    req.auditAs = input.username ?? input.id ?? ''; // failed attempts are audited too, as at sign-in
    const oldPwd = await decryptPassword(input.oldPwd, 'oldPwd');
    const newPwd = await decryptPassword(input.newPwd, 'newPwd');
    parse(changePasswordForm, { oldPwd, newPwd, confirmPwd: newPwd });
    await changePassword({ id: input.id, username: input.username, oldPwd, newPwd }, (name, tenant) => {
      req.auditAs = name;
      req.auditTenant = tenant;
    });
    return done();
  },
  'POST /admin/user/updateInfo': async (req) =>
    ok(await updateOwnInfo(who(req), parse(updateInfoForm, req.body))),
  'POST /admin/user/getSubOpenFlag': async (req) => ok({ flag: who(req).permissions.has(CODE.userAdd) }),
  'POST /biz/station/bind': async (req) => (
    await bindStations(who(req), parse(stationBind, req.body)),
    done()
  ),
  'POST /biz/station/bindList': async (req) =>
    ok(await stationBindList(who(req), req.query.userId, page(req))),

  ...roleRoutes('/admin/role', 'normal'),
  'POST /admin/role/options': async (req) => ok(await assignableRoles(who(req))),
  ...roleRoutes('/admin/subRole', 'sub'),

  'POST /admin/operator/list': async (req) =>
    ok(await listOperators(who(req), parse(operatorListQuery, body(req)))),
  'POST /admin/operator/info': async (req) => ok(await operatorInfo(who(req), req.query.id)),
  'POST /admin/operator/add': async (req) => ok(await addOperator(who(req), parse(operatorForm, req.body))),
  'POST /admin/operator/update': async (req) =>
    ok(await updateOperator(who(req), parse(operatorUpdate, req.body))),
  'POST /admin/operator/del': async (req) => (await deleteOperator(who(req), req.query.id), done()),
  'POST /admin/operator/tree': async (req) => ok(await operatorTree(who(req))),
  'POST /admin/operator/getPrimaryOperatorList': async (req) => ok(await childrenOf(who(req), undefined)),
  'POST /admin/operator/listByTree': async (req) =>
    ok(await childrenOf(who(req), (body(req).parentId as string | undefined) ?? req.query.parentId)),
  'POST /admin/operator/getOperatorListForUser': async (req) => ok(await operatorOptions(who(req))),

  'POST /admin/operatorLimit/list': async (req) =>
    ok(await listLimits(who(req), parse(nameListQuery, body(req)))),
  'POST /admin/operatorLimit/info': async (req) => ok(await limitInfo(who(req), req.query.id)),
  'POST /admin/operatorLimit/add': async (req) =>
    ok(await addLimit(who(req), parse(operatorLimitForm, req.body))),
  'POST /admin/operatorLimit/update': async (req) =>
    ok(await updateLimit(who(req), parse(operatorLimitUpdate, req.body))),
  'POST /admin/operatorLimit/del': async (req) => (await deleteLimit(who(req), req.query.id), done()),

  'POST /admin/log/list': async (req) =>
    ok(await listLogs(who(req), parse(logQuery, req.body), req.language)),

  ...resourceHandlers([parameters, ...systemResources]),
  // The system resources' calls beyond the five generic ones.
  'POST /admin/pay/upload': async (req) => {
    const identity = who(req);
    const form = readMultipart(req.event);
    const file = form.files.find((f) => f.field === 'file') ?? form.files[0];
    return ok(await uploadCertificate(identity, form.fields.id ?? req.query.id ?? '', file));
  },
  'POST /admin/mail/testMail': async (req) => {
    const identity = who(req);
    const { to } = parse(testMailBody, req.body);
    return ok(await sendTestMail(identity, req.query.id ?? '', to, req.language));
  },
  'POST /admin/emsp/bindEntries': async (req) => {
    return ok(await bindEntries(who(req), parse(nameListQuery, body(req))));
  },
  'POST /admin/emsp/bindList': async (req) =>
    ok(await bindList(who(req), req.query.id, parse(pageQuery, req.body))),
  'POST /admin/emsp/bind': async (req) => ok(await bind(who(req), parse(emspBindSchema, req.body))),

  'POST /admin/parameter/getCopyRight': async () => {
    const copyright = await parameterByCode(PARAMETER_CODE.copyright);
    return ok({
      settingValue: copyright?.value ?? '',
      settingDesc: copyright?.description ?? copyright?.name ?? '',
    });
  },
});
