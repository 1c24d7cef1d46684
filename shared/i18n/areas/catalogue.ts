/** Catalogue resources: brands and models, app versions, feedback, file exports, stop reasons, alarm templates, alarm mail. */
import { area } from '../area.ts';

export const catalogue = area(
  {
    catalogueRes: {
      title: 'Brands',
    },
  },
  {
    'zh-CN': { catalogueRes: { title: '品牌' } },
    'zh-TW': { catalogueRes: { title: '品牌' } },
    de: { catalogueRes: { title: 'Marken' } },
    th: { catalogueRes: { title: 'แบรนด์' } },
  },
);
