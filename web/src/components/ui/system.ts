/**
 * Chakra UI's design system in two steps. Chakra's `defaultSystem` holds the recipe of every component it
 * has (about 48 KB gzipped with its tokens); the login pages draw a dozen. So the console starts with
 * `loginSystem`: Chakra's own tokens, global styles and conditions, and the recipes of the components the
 * console's first chunk draws (the login pages, the route error page, the loading state, the toasts), taken
 * unchanged from Chakra's theme, so everything looks exactly as with `defaultSystem`. Any other page first
 * loads the console system (console-system.ts, through web/src/console-parts.ts) and the provider switches
 * to it: the same, with the recipes of every other component the console draws.
 * test/web/chakra-systems.test.ts fails when a component lacks its recipe in either.
 */
import {
  createSystem,
  defaultBaseConfig,
  defineConfig,
  mergeConfigs,
  type SystemContext,
} from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dialogSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  nativeSelectSlotRecipe,
  semanticTokens,
  spinnerRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';

export const loginConfig = mergeConfigs(
  defaultBaseConfig,
  defineConfig({
    preflight: true,
    cssVarsPrefix,
    cssVarsRoot,
    globalCss,
    theme: {
      breakpoints,
      keyframes,
      tokens,
      semanticTokens,
      textStyles,
      layerStyles,
      animationStyles,
      recipes: {
        button: buttonRecipe,
        heading: headingRecipe,
        icon: iconRecipe,
        input: inputRecipe,
        link: linkRecipe,
        spinner: spinnerRecipe,
      },
      slotRecipes: {
        alert: alertSlotRecipe,
        card: cardSlotRecipe,
        dialog: dialogSlotRecipe,
        field: fieldSlotRecipe,
        nativeSelect: nativeSelectSlotRecipe,
        toast: toastSlotRecipe,
      },
    },
  }),
);

export const loginSystem: SystemContext = createSystem(loginConfig);

let current = loginSystem;
const listeners = new Set<() => void>();

/** The system the provider gives its components now. */
export const currentSystem = () => current;

export function subscribeSystem(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Switches every provider to the given system (Chakra's full one, once loaded). */
export function switchSystem(system: SystemContext): void {
  if (system === current) return;
  current = system;
  for (const listener of listeners) listener();
}
