import type { Page } from '@playwright/test';
import type { StaffApi } from './api';
import { expect } from './test';

/** Seat set-up through the back office's calls, and the guest's checkout (issue 16's journeys). */

const iso = (t: Date) => t.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** A chart of one section 'Tribune' (category 'std') with rows R1… of `seats` each: its key. */
export async function seatChart(api: StaffApi, name: string, rows: number, seats: number) {
  const { result: id } = await api.post<{ result: string }>('/api/seats/charts', {
    name,
    categories: [{ key: 'std', label: 'Tribune', color: '#1e88e5' }],
    sections: [
      {
        name: 'Tribune',
        categoryKey: 'std',
        rows: Array.from({ length: rows }, (_, r) => ({ label: `R${r + 1}`, seats })),
      },
    ],
  });
  const { result: chart } = await api.get<{ key: string }>(`/api/seats/charts/${id}`);
  return chart.key;
}

/** A seat-ticket product selling the chart's 'std' seats at `price` øre: its id. */
export async function seatProduct(api: StaffApi, title: string, chart: string, price: number) {
  const { result } = await api.postForm<{ result: string }>('/api/products/update', {
    data: JSON.stringify({
      title,
      type: 'seat-ticket',
      price,
      seats: [{ chartId: chart, category: 'std' }],
    }),
  });
  return result;
}

/** An event type for the matches: its id. */
export async function matchType(api: StaffApi, title: string) {
  const { result } = await api.postForm<{ result: string }>('/api/events/types/update', {
    data: JSON.stringify({ title }),
  });
  return result;
}

/**
 * A match `days` from now, on sale since yesterday, seated on `chart` and selling the product:
 * its id and url.
 */
export async function seatedMatch(
  api: StaffApi,
  match: { typeId: string; title: string; days: number; chart: string },
  product: { id: string; title: string; price: number },
) {
  const start = new Date(Date.now() + match.days * 86_400_000);
  const { result: id } = await api.postForm<{ result: string }>('/api/events/update', {
    data: JSON.stringify({
      typeId: match.typeId,
      title: match.title,
      startDate: iso(start),
      endDate: iso(new Date(start.getTime() + 7_200_000)),
      signUpStart: iso(new Date(Date.now() - 86_400_000)),
      signUpDeadline: iso(new Date(start.getTime() - 3_600_000)),
      sender: { name: 'Demo FC', email: 'kontakt@demofc.dk' },
      hasTickets: true,
      hasSeating: true,
      seating: { chartId: match.chart, name: 'Stadion' },
      tickets: {
        controlType: 'Scan',
        products: [
          { productId: product.id, title: product.title, price: product.price, public: true },
        ],
      },
    }),
  });
  const { result: event } = await api.get<{ url: string }>(`/api/events/${id}`);
  return { id, url: event.url };
}

/**
 * The wizard after the seats are confirmed: 'Fortsæt', the guest's details, the terms and
 * 'Bekræft bestilling' (the total shown first), then the test card paid.
 */
export async function checkOutAndPay(
  guest: Page,
  person: { firstname: string; lastname: string; email: string },
  total: string,
) {
  await guest.getByRole('button', { name: 'Fortsæt' }).click();
  await guest.getByLabel('Fornavn').fill(person.firstname);
  await guest.getByLabel('Efternavn').fill(person.lastname);
  await guest.getByLabel('E-mail', { exact: true }).fill(person.email);
  await guest.getByLabel('Telefon').fill('12345678');
  await guest.getByRole('button', { name: 'Fortsæt' }).click();
  await expect(guest.getByText(total).first()).toBeVisible();
  await guest.getByRole('checkbox', { name: /Jeg accepterer/ }).check();
  await guest.getByRole('button', { name: 'Bekræft bestilling' }).click();
  await guest.getByLabel('Kortnummer').fill('4242 4242 4242 4242');
  await guest.getByLabel('Udløbsdato').fill('12 / 30');
  await guest.getByLabel('Kontrolcifre').fill('123');
  await guest.getByRole('button', { name: /^Betal / }).click();
}
