/** Console shell: login, layout, menus, header, account dialogs, session messages. */
import { area } from '../area.ts';

export const shell = area(
  {
    shell: {
      notAvailable: 'This screen is not available yet',
    },
  },
  {
    'zh-CN': { shell: { notAvailable: '此页面暂未开放' } },
    'zh-TW': { shell: { notAvailable: '此頁面暫未開放' } },
    de: { shell: { notAvailable: 'Diese Ansicht ist noch nicht verfügbar' } },
    th: { shell: { notAvailable: 'หน้านี้ยังไม่พร้อมใช้งาน' } },
  },
);
