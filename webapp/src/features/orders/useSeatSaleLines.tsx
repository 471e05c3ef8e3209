import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../api/baseApi';
import type { SeatProduct } from '../../shared/seating/seatingApi';
import {
  useGetSeatingEventsQuery,
  useGetSeatingMapQuery,
  useLazyGetSeatProductsQuery,
} from '../../shared/seating/seatingApi';
import { findSeatingEvent } from '../../shared/seating/seatingLines';
import { SeatingProductDialog } from '../../shared/seating/SeatingProductDialog';
import type { SeatSale } from '../../shared/seating/seatSale';
import { seatSaleLines, type ProductQuestion, type SeatSaleLines } from './seatSaleLines';

interface PendingQuestion extends ProductQuestion {
  answer: (product: SeatProduct | null) => void;
}

export interface SeatSaleState {
  /** The lines are worked out (or there is no sale): the editor may open with them. */
  ready: boolean;
  /** The same object from the moment it is ready, so the form is not reset by a later read. */
  result: SeatSaleLines;
  /** The seating-product question while one is open. */
  question: ReactNode;
}

const NOTHING: SeatSaleLines = { lines: [], notices: [] };

/**
 * The seat-ticket lines of a new order opened from an event's Planoversigt in sales mode
 * (`/orders/create?seatEvent=…&seats=…`): the event's chart and title from the seating module's
 * calls, the products per category asked for on the way. Null `sale`: ready at once, no lines.
 */
export function useSeatSaleLines(sale: SeatSale | null): SeatSaleState {
  const { t } = useTranslation();
  const mapQuery = useGetSeatingMapQuery(sale?.eventId ?? skipToken);
  const eventsQuery = useGetSeatingEventsQuery(sale ? undefined : skipToken);
  const [loadProducts] = useLazyGetSeatProductsQuery();
  // Worked out for one sale: another URL (or the saved order's page) starts afresh.
  const [worked, setWorked] = useState<{ sale: SeatSale; lines: SeatSaleLines } | null>(null);
  const result = sale && worked?.sale === sale ? worked.lines : null;
  const [pending, setPending] = useState<PendingQuestion | null>(null);

  const chart = mapQuery.data?.chart;
  const event = useMemo(
    () => (sale && eventsQuery.data ? findSeatingEvent(eventsQuery.data, sale.eventId) : null),
    [sale, eventsQuery.data],
  );
  const failed = mapQuery.isError || eventsQuery.isError || Boolean(eventsQuery.data && !event);

  useEffect(() => {
    if (!sale || result) return;
    if (failed) {
      setWorked({ sale, lines: { lines: [], notices: [t('orders.seatSale.loadFailed')] } });
      return;
    }
    if (!chart || !event) return;
    // A newer read (or React's second run) starts again: this run's answers go nowhere.
    let live = true;
    void seatSaleLines(sale.seats, chart, event, {
      t,
      productsOf: (category) => loadProducts({ chartId: chart.key, category }, true).unwrap(),
      ask: (question) =>
        new Promise((answer) => {
          if (live) setPending({ ...question, answer });
        }),
      errorText: apiErrorMessage,
    }).then((lines) => {
      if (live) setWorked({ sale, lines });
    });
    return () => {
      live = false;
    };
  }, [sale, result, failed, chart, event, loadProducts, t]);

  const answer = (product: SeatProduct | null) => {
    pending?.answer(product);
    setPending(null);
  };
  const question = pending && (
    <SeatingProductDialog
      seat={pending.seats.join(', ')}
      products={pending.products}
      question={
        pending.seats.length > 1
          ? t('orders.seatSale.question', { seats: pending.seats.join(', ') })
          : undefined
      }
      onChoose={answer}
      onCancel={() => answer(null)}
    />
  );
  return { ready: !sale || result !== null, result: result ?? NOTHING, question };
}
