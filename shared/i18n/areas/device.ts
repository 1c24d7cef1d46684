/** Device catalogue: firmware files, configuration keys, display messages, network configurations, local lists. */
import { area } from '../area.ts';

export const device = area(
  {
    deviceRes: {
      title: 'Firmware',
    },
  },
  {
    'zh-CN': { deviceRes: { title: '固件' } },
    'zh-TW': { deviceRes: { title: '韌體' } },
    de: { deviceRes: { title: 'Firmware' } },
    th: { deviceRes: { title: 'เฟิร์มแวร์' } },
  },
);
