/**
 * The console's design system, a chunk of its own (web/src/console-parts.ts): the login system
 * (web/src/components/ui/system.ts) and the recipes of the other Chakra components the console draws, taken
 * unchanged from Chakra's theme. Chakra's other recipes (date pickers, carousels, color pickers, ...) are
 * left out: 6 KB gzipped instead of 19. test/web/chakra-systems.test.ts fails when a component the console
 * imports has a recipe missing here.
 */
import { createSystem, type SystemContext } from '@chakra-ui/react';
import {
  badgeRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  containerRecipe,
  dataListSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldsetSlotRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  statSlotRecipe,
  statusSlotRecipe,
  stepsSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tagSlotRecipe,
  tabsSlotRecipe,
  tagsInputSlotRecipe,
  textareaRecipe,
} from '@chakra-ui/react/theme';
import { loginConfig } from '@web/components/ui/system.ts';

export const consoleSystem: SystemContext = createSystem(loginConfig, {
  theme: {
    recipes: {
      badge: badgeRecipe,
      checkmark: checkmarkRecipe,
      code: codeRecipe,
      container: containerRecipe,
      radiomark: radiomarkRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      checkbox: checkboxSlotRecipe,
      dataList: dataListSlotRecipe,
      drawer: drawerSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      list: listSlotRecipe,
      menu: menuSlotRecipe,
      radioGroup: radioGroupSlotRecipe,
      stat: statSlotRecipe,
      status: statusSlotRecipe,
      steps: stepsSlotRecipe,
      switch: switchSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      tag: tagSlotRecipe,
      tagsInput: tagsInputSlotRecipe,
    },
  },
});
