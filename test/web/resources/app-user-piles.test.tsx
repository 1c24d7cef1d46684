// @vitest-environment happy-dom
/**
 * "Personal piles" on an app user's page (docs/decisions/468-app-user-home-piles.md, Console): the linked
 * piles with their role in words, userNum and the time linked, each linked to its charger page; linking
 * picks one of the company's personal piles (the charge point list asked for personalFlag), sends the user,
 * the pile and ownerFlag, and shows the server's field error under its field; unlinking asks first, naming
 * the pile; after each change the list and the user's home charger fact load again. Without the edit code
 * the section only lists.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppUserDetailPage } from '@web/screens/crm/app-user-detail.tsx';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, grant, page, renderScreen, type Sent } from './harness.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const user = {
  id: 'u1',
  userName: 'Mia Driver',
  cardNo: 'APP-TAG-9',
  userLevel: 0,
  accountBalance: 0,
  frozenAmount: 0,
  lockFlag: 0,
  version: 1,
  createTime: '2026-11-01T08:00:00.000Z',
};

/** Local times, so the expected text does not depend on the machine's time zone. */
const linkedAt = new Date(2026, 10, 20, 9, 5, 7).toISOString();
const nowAt = new Date(2026, 10, 25, 18, 30, 0).toISOString();

interface Link {
  chargePointId: string;
  name?: string;
  ownerFlag: number;
  userNum: number;
  createTime: string;
}

/** A fake server of one user's links: the piles call, link (HOME-2 has an owner) and unlink. */
function pileServer(initial: Link[]) {
  let links = [...initial];
  const detail = () => ({
    data: {
      user: { ...user, isHomePile: links.length > 0 },
      stats: { count: 0, elec: '0.000', actualFee: [], duration: 0 },
      ledger: [],
      cards: [],
    },
  });
  return fakeApi({
    '/biz/appUser/detail': detail,
    '/biz/appUser/piles': () => ({ data: links }),
    '/biz/chargePoint/list': () =>
      page([
        { id: 'HOME-2', name: 'Carport', personalFlag: true },
        { id: 'HOME-3', name: 'Shed', personalFlag: true },
      ]),
    '/biz/appUser/pileLink': ({ body }: Sent) => {
      if (body?.chargePointId === 'HOME-2' && body.ownerFlag === 1)
        return {
          status: 400,
          code: 1,
          msg: 'server.validation',
          data: { ownerFlag: 'crm.server.pileHasOwner' },
        };
      const name = body?.chargePointId === 'HOME-2' ? 'Carport' : 'Shed';
      links = [
        ...links,
        {
          chargePointId: String(body?.chargePointId),
          name,
          ownerFlag: Number(body?.ownerFlag),
          userNum: 2,
          createTime: nowAt,
        },
      ];
      return { data: links };
    },
    '/biz/appUser/pileUnlink': ({ body }: Sent) => {
      links = links.filter((l) => l.chargePointId !== body?.chargePointId);
      return { data: links };
    },
  });
}

function renderPage() {
  return renderScreen(
    <Routes>
      <Route path="/appUserDetail/:id" element={<AppUserDetailPage />} />
    </Routes>,
    '/appUserDetail/u1',
  );
}

const homeCharger = () => screen.getByText('Home charger').nextElementSibling?.textContent;

/** The rows of the piles table as their cells' text (the action column left out). */
const pileRows = () =>
  within(screen.getByRole('table', { name: 'Personal piles' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => [...r.querySelectorAll('td')].slice(0, 4).map((c) => c.textContent));

describe("an app user's personal piles", () => {
  it('lists the piles, links one through the form (a field error under its field) and unlinks after a confirmation', async () => {
    grant('7100', '7101', '7102');
    const api = pileServer([
      { chargePointId: 'HOME-1', name: 'Garage', ownerFlag: 1, userNum: 3, createTime: linkedAt },
    ]);
    const ui = userEvent.setup();
    renderPage();
    const section = await screen.findByRole('region', { name: 'Personal piles' });
    await within(section).findByRole('table', { name: 'Personal piles' });
    expect(pileRows()).toEqual([['Garage (HOME-1)', 'Owner', '3', '2026-11-20 09:05:07']]);
    expect(within(section).getByRole('link', { name: 'Garage (HOME-1)' }).getAttribute('href')).toBe(
      '/chargerDetail/HOME-1',
    );
    expect(api.calls('/biz/appUser/piles')[0]!.body).toEqual({ id: 'u1' });
    expect(homeCharger()).toBe('Yes');

    // Link: the pick lists the company's personal piles; as owner of a pile that has one, the field says so.
    await ui.click(within(section).getByRole('button', { name: 'Link pile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link a pile to Mia Driver' });
    await ui.click(within(dialog).getByLabelText(/^Pile/));
    await ui.click(await within(dialog).findByRole('option', { name: 'HOME-2' }));
    expect(api.calls('/biz/chargePoint/list')[0]!.body).toMatchObject({ personalFlag: true });
    expect((within(dialog).getByLabelText(/^Role/) as HTMLSelectElement).value).toBe('1');
    await ui.click(within(dialog).getByRole('button', { name: 'Link pile' }));
    await waitFor(() => expect(api.calls('/biz/appUser/pileLink')).toHaveLength(1));
    expect(api.calls('/biz/appUser/pileLink')[0]!.body).toEqual({
      id: 'u1',
      chargePointId: 'HOME-2',
      ownerFlag: 1,
    });
    const roleField = within(dialog).getByLabelText(/^Role/).closest('[role="group"], .chakra-field__root');
    expect(await within(dialog).findByText('This pile already has an owner')).toBeTruthy();
    expect(roleField?.textContent).toContain('This pile already has an owner');
    expect(within(dialog).getByLabelText(/^Role/).getAttribute('aria-invalid')).toBe('true');

    // As a shared user it goes through: the dialog closes, the list and the page load again.
    const pileLoads = api.calls('/biz/appUser/piles').length;
    const detailLoads = api.calls('/biz/appUser/detail').length;
    await ui.selectOptions(within(dialog).getByLabelText(/^Role/), 'Shared user');
    await ui.click(within(dialog).getByRole('button', { name: 'Link pile' }));
    await waitFor(() => expect(api.calls('/biz/appUser/pileLink')).toHaveLength(2));
    expect(api.calls('/biz/appUser/pileLink')[1]!.body).toEqual({
      id: 'u1',
      chargePointId: 'HOME-2',
      ownerFlag: 0,
    });
    expect(await screen.findByText('The pile is linked')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Link a pile/ })).toBeNull());
    await waitFor(() =>
      expect(pileRows()).toEqual([
        ['Garage (HOME-1)', 'Owner', '3', '2026-11-20 09:05:07'],
        ['Carport (HOME-2)', 'Shared user', '2', '2026-11-25 18:30:00'],
      ]),
    );
    expect(api.calls('/biz/appUser/piles').length).toBeGreaterThan(pileLoads);
    expect(api.calls('/biz/appUser/detail').length).toBeGreaterThan(detailLoads);

    // Unlink asks first, naming the pile; cancelling sends nothing.
    const garage = screen.getByRole('link', { name: 'Garage (HOME-1)' }).closest('tr')!;
    await ui.click(within(garage).getByRole('button', { name: 'Unlink' }));
    let confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Unlink Garage (HOME-1) from this user?')).toBeTruthy();
    await ui.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.calls('/biz/appUser/pileUnlink')).toHaveLength(0);

    await ui.click(within(garage).getByRole('button', { name: 'Unlink' }));
    confirm = await screen.findByRole('alertdialog');
    await ui.click(within(confirm).getByRole('button', { name: 'Unlink' }));
    await waitFor(() => expect(api.calls('/biz/appUser/pileUnlink')).toHaveLength(1));
    expect(api.calls('/biz/appUser/pileUnlink')[0]!.body).toEqual({ id: 'u1', chargePointId: 'HOME-1' });
    expect(await screen.findByText('The pile is unlinked')).toBeTruthy();
    await waitFor(() =>
      expect(pileRows()).toEqual([['Carport (HOME-2)', 'Shared user', '2', '2026-11-25 18:30:00']]),
    );

    // The last one unlinked: the empty state, and the user no longer has a home charger.
    const carport = screen.getByRole('link', { name: 'Carport (HOME-2)' }).closest('tr')!;
    await ui.click(within(carport).getByRole('button', { name: 'Unlink' }));
    confirm = await screen.findByRole('alertdialog');
    await ui.click(within(confirm).getByRole('button', { name: 'Unlink' }));
    expect(await within(section).findByText('No personal piles linked')).toBeTruthy();
    await waitFor(() => expect(homeCharger()).toBe('No'));
  });

  it('only lists without the edit code, and says when nothing is linked', async () => {
    grant('7100', '7101');
    pileServer([]);
    renderPage();
    const section = await screen.findByRole('region', { name: 'Personal piles' });
    expect(await within(section).findByText('No personal piles linked')).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Link pile' })).toBeNull();
    expect(homeCharger()).toBe('No');
  });

  it('shows the role in words and no action column to a viewer', async () => {
    grant('7100', '7101');
    pileServer([{ chargePointId: 'HOME-1', ownerFlag: 0, userNum: 1, createTime: linkedAt }]);
    renderPage();
    await screen.findByRole('table', { name: 'Personal piles' });
    expect(pileRows()).toEqual([['HOME-1', 'Shared user', '1', '2026-11-20 09:05:07']]);
    expect(screen.queryByRole('button', { name: 'Unlink' })).toBeNull();
  });
});
