/**
 * The device screens that are resource lists, loaded together (web/src/screens/registry.ts), so a list does
 * not bring the charging-profile and energy-box detail screens with their command and chart code.
 */
import { cardDecl } from '@web/resources/decls/device/card.tsx';
import { confKeyDecl } from '@web/resources/decls/device/conf-key.ts';
import { displayDecl } from '@web/resources/decls/device/display.ts';
import { energyBoxDecl } from '@web/resources/decls/device/energy-box.tsx';
import { firmwareDecl } from '@web/resources/decls/device/firmware.tsx';
import { listVersionDecl } from '@web/resources/decls/device/list-version.tsx';
import { networkDecl } from '@web/resources/decls/device/network.ts';
import { listPageOf } from '@web/resources/list-page.tsx';

export const FirmwarePage = listPageOf(firmwareDecl);
export const ConfKeysPage = listPageOf(confKeyDecl);
export const DisplaysPage = listPageOf(displayDecl);
export const NetworkPage = listPageOf(networkDecl);
export const ListVersionsPage = listPageOf(listVersionDecl);
export const CardsPage = listPageOf(cardDecl);
export const EnergyBoxesPage = listPageOf(energyBoxDecl);
