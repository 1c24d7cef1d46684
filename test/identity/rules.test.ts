/**
 * Identity rules without AWS: the permission catalogue is consistent and every API route names a known code
 * (and an audit title when it changes something); sign-in refusals; the subscription gate; masking of
 * secrets in the audit log; server messages in the caller's language.
 */
import {
  CODE,
  COMMAND_CODE,
  menuById,
  menuCatalogue,
  MENU_ROOT,
  PERMISSION,
  withAncestors,
} from '@shared/permissions/menus.ts';
import { COMMANDS } from '@shared/commands/catalogue.ts';
import { describe, expect, it } from 'vitest';
import { topology } from '@shared/topology/index.ts';
import { signInRefusal, subscriptionRoleType } from '@functions/identity/access.ts';
import { maskParams } from '@functions/api/audit.ts';
import { translate } from '@functions/lib/i18n.ts';
import { renderImageCode } from '@functions/auth/captcha.ts';
import { ROLE_TYPE } from '@shared/schemas/admin.ts';

describe('permission catalogue', () => {
  it('has unique ids whose parents exist, and the product areas 1000 to 10000', () => {
    expect(new Set(menuCatalogue.map((m) => m.id)).size).toBe(menuCatalogue.length);
    for (const menu of menuCatalogue) {
      if (menu.parentId !== MENU_ROOT) expect(menuById.has(menu.parentId), menu.id).toBe(true);
    }
    for (const code of ['1000', '2000', '3000', '4000', '5000', '6000', '7000', '9000', '10000'])
      expect(menuById.get(code)?.parentId).toBe(MENU_ROOT);
    for (const code of ['2105', '2805', '3104']) expect(menuById.get(code)?.pro, code).toBe(true);
    for (const s of ['sys_user_edit', 'sys_planoper_edit', 'sys_payChannel_mgr', 'sys_mail_mgr'])
      expect(menuById.get(s)?.type).toBe('1');
  });

  it('marks the product kept pages keepAlive', () => {
    const kept = menuCatalogue
      .filter((m) => m.keepAlive === '1')
      .map((m) => m.path)
      .sort();
    expect(kept).toEqual(
      [
        '/appUser',
        '/chargeOrder',
        '/device',
        '/energyBox',
        '/equipment',
        '/fleets',
        '/operator',
        '/profitOrder',
        '/reserveOrder',
      ].sort(),
    );
  });

  it('shows a granted page under its group', () => {
    expect([...withAncestors(['6201'])].sort()).toEqual(['6000', '6200', '6201']);
  });

  it('names only catalogue entries: every CODE and PERMISSION, every command button under the command page', () => {
    for (const [name, code] of Object.entries({ ...CODE, ...PERMISSION }))
      expect(menuById.has(code), `${name} ${code}`).toBe(true);
    expect(new Set(Object.values(CODE)).size, 'one name per code').toBe(Object.keys(CODE).length);
    for (const [name, code] of Object.entries(COMMAND_CODE))
      expect(menuById.get(code)?.parentId, `${name} ${code}`).toBe(CODE.commands);
    // Each command of the catalogue has its own button, named after it.
    expect(Object.fromEntries(COMMANDS.map((c) => [c.key, c.code]))).toEqual(COMMAND_CODE);
  });

  it('names a known permission on every signed-in route, and an audit title on every change', () => {
    for (const route of topology.routes) {
      if (route.auth !== 'user') continue;
      const key = `${route.method} ${route.path}`;
      expect(route.permission, key).toBeDefined();
      expect(route.permission === 'login' || menuById.has(route.permission!), key).toBe(true);
      for (const code of route.alsoNeeds ?? [])
        expect(menuById.has(code), `${key} also needs ${code}`).toBe(true);
      if (/\/(add|update|del|resetPwd|updatePwd|updateInfo|bind|logout)$/.test(route.path))
        expect(route.audit, key).toMatch(/^server\.audit\./);
    }
  });
});

describe('sign-in refusals', () => {
  const base = { userId: 'u', username: 'u', passwordHash: '', role: [], lockFlag: 0, kind: 'user' as const };
  const now = Date.parse('2026-06-01T12:00:00Z');

  it('refuses deleted, disabled, recently locked and expired accounts', () => {
    expect(signInRefusal(base, now)).toBeUndefined();
    expect(signInRefusal({ ...base, delFlag: 1 }, now)).toBe('server.accountDeleted');
    expect(signInRefusal({ ...base, lockFlag: 1 }, now)).toBe('server.accountDisabled');
    expect(signInRefusal({ ...base, lockFlag: 1, lockTime: '2026-06-01T11:45:00Z' }, now)).toBe(
      'server.accountLockedFailures',
    );
    // A lock after failures ends after 30 minutes.
    expect(signInRefusal({ ...base, lockFlag: 1, lockTime: '2026-06-01T11:20:00Z' }, now)).toBeUndefined();
    expect(signInRefusal({ ...base, expireTime: '2026-05-31T00:00:00Z' }, now)).toBe('server.accountExpired');
  });

  it('limits a company by the subscription role of its state', () => {
    expect(subscriptionRoleType({ subStatus: 0 })).toBe(ROLE_TYPE.subscribeable);
    expect(subscriptionRoleType({ subStatus: 1, featurePackageType: 0 })).toBe(ROLE_TYPE.basic);
    expect(subscriptionRoleType({ subStatus: 1, featurePackageType: 1 })).toBe(ROLE_TYPE.pro);
    expect(subscriptionRoleType({ subStatus: 2 })).toBe(ROLE_TYPE.unsubscribeable);
  });
});

describe('audit params', () => {
  it('masks secrets at any depth and keeps the rest', () => {
    expect(
      maskParams({
        username: 'a',
        password: 'x',
        nested: { apiKey: 'k', newPwd: 'n', roleCode: 'R' },
        list: [{ cvc: '1' }],
      }),
    ).toEqual({
      username: 'a',
      password: '******',
      nested: { apiKey: '******', newPwd: '******', roleCode: 'R' },
      list: [{ cvc: '******' }],
    });
  });
});

describe('server messages', () => {
  it('answer in the request language, with placeholders, falling back to English', () => {
    expect(translate('de-de', 'server.unauthorized')).not.toBe(translate('en-us', 'server.unauthorized'));
    expect(translate('zh-cn', 'server.rangeTooLong', { days: 30 })).toContain('30');
    expect(translate('xx', 'server.forbidden')).toBe('You do not have permission for this action');
    expect(translate('en-us', 'not a key')).toBe('not a key');
  });
});

describe('image code', () => {
  it('draws the four characters into an SVG', () => {
    const svg = renderImageCode('AB3K');
    expect(svg).toMatch(/^<svg[^>]+width="100"/);
    expect([...svg.matchAll(/<text[^>]*>(.)<\/text>/g)].map((m) => m[1]).join('')).toBe('AB3K');
  });
});
