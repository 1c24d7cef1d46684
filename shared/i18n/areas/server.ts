/** Messages the API answers with (localised by the request's content-language / accept-language). */
import { area } from '../area.ts';

export const server = area(
  {
    server: {
      unauthorized: 'Login failed, please login again',
    },
  },
  {
    'zh-CN': { server: { unauthorized: '登录失效，请重新登录' } },
    'zh-TW': { server: { unauthorized: '登入失效，請重新登入' } },
    de: { server: { unauthorized: 'Anmeldung fehlgeschlagen, bitte erneut anmelden' } },
    th: { server: { unauthorized: 'การเข้าสู่ระบบล้มเหลว โปรดเข้าสู่ระบบอีกครั้ง' } },
  },
);
