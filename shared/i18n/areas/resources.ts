/** Names of declared resources (audit titles, messages) and their screens' own strings. */
import { area } from '../area.ts';

export const resources = area(
  {
    resources: {
      parameter: 'parameter',
    },
  },
  {
    'zh-CN': { resources: { parameter: '参数' } },
    'zh-TW': { resources: { parameter: '參數' } },
    de: { resources: { parameter: 'Parameter' } },
    th: { resources: { parameter: 'พารามิเตอร์' } },
  },
);
