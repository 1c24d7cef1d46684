/**
 * The console's design system, a chunk of its own (web/src/console-parts.ts): the login system
 * (web/src/components/ui/system.ts) and the recipes of the other Chakra components the console draws, taken
 * unchanged from Chakra's theme. Chakra's other recipes (date pickers, carousels, color pickers, ...) are
 * left out: 6 KB gzipped instead of 19. test/web/chakra-systems.test.ts fails when a component the console
 * imports has a recipe missing here.
 */
import { createSystem, defineSlotRecipe, type SystemContext } from '@chakra-ui/react';
import { dateInputAnatomy } from '@chakra-ui/react/anatomy';
import {
  badgeRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  containerRecipe,
  dataListSlotRecipe,
  datePickerSlotRecipe,
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

/**
 * The date field's segments (web/src/components/ui/date-field.tsx) drawn as Chakra's outline inputs. Chakra
 * 3.37 exports its DateInput recipe only inside the object of every recipe, which would bring them all:
 * this is its outline variant in the sizes the console uses (docs/decisions/449-date-picker.md).
 */
const dateInputSlotRecipe = defineSlotRecipe({
  className: 'chakra-date-input',
  slots: dateInputAnatomy.keys(),
  base: {
    root: {
      display: 'flex',
      flexDirection: 'column',
      gap: '1.5',
      width: 'full',
      _disabled: { opacity: '0.5' },
    },
    label: { textStyle: 'label' },
    control: { display: 'flex', alignItems: 'center', width: 'full' },
    segmentGroup: {
      flex: '1',
      position: 'relative',
      display: 'flex',
      alignItems: 'center',
      gap: '0',
      cursor: 'text',
      borderRadius: 'l2',
      height: 'var(--input-height)',
      minW: 'var(--input-height)',
      bg: 'transparent',
      borderWidth: '1px',
      borderColor: 'border',
      whiteSpace: 'nowrap',
      '--focus-color': 'colors.colorPalette.focusRing',
      '--error-color': 'colors.border.error',
      focusRing: 'inside',
      focusRingColor: 'var(--focus-color)',
      _invalid: { focusRingColor: 'var(--error-color)', borderColor: 'var(--error-color)' },
    },
    segment: {
      borderRadius: 'l1',
      px: '0.5',
      outline: 'none',
      fontVariantNumeric: 'tabular-nums',
      _placeholderShown: { color: 'fg.subtle' },
      _focus: { bg: 'colorPalette.emphasized', color: 'fg' },
      '&[data-type=literal]': { px: '0', color: 'fg.subtle' },
    },
  },
  variants: {
    size: {
      xs: { segmentGroup: { textStyle: 'xs', px: '1.5', '--input-height': 'sizes.8' } },
      sm: { segmentGroup: { textStyle: 'sm', px: '2', '--input-height': 'sizes.9' } },
      md: { segmentGroup: { textStyle: 'sm', px: '2.5', '--input-height': 'sizes.10' } },
    },
  },
  defaultVariants: { size: 'md' },
});

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
      dateInput: dateInputSlotRecipe,
      datePicker: datePickerSlotRecipe,
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
