/** System resources: parameters, payment channels, mail servers, eMsp, assets, vendors. */
import { area } from '../area.ts';

export const system = area(
  {
    systemRes: {
      title: 'Parameters',
    },
  },
  {
    'zh-CN': { systemRes: { title: '参数' } },
    'zh-TW': { systemRes: { title: '參數' } },
    de: { systemRes: { title: 'Parameter' } },
    th: { systemRes: { title: 'พารามิเตอร์' } },
  },
);
