import {
  createContext,
  lazy,
  Suspense,
  useContext,
  useId,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { Cart, CartLine } from '../../api/generated/shop';
import { useCartOwner, useGetCartQuery } from './shopApi';
import './shop.css';
import { withPrime } from '../../shared/ui/withPrime';

/** The most of one line (the server's limit). */
export const MAX_AMOUNT = 100;

/** Opens and closes the cart drawer: the header's button, and the product page after adding. */
export interface CartDrawerControl {
  visible: boolean;
  show: () => void;
  hide: () => void;
}

const CartDrawerContext = createContext<CartDrawerControl | null>(null);

/** Holds whether the cart drawer is open, for the public layout's header and its pages. */
export function CartDrawerProvider({ children }: { children: ReactNode }) {
  const [visible, setVisible] = useState(false);
  const control = useMemo<CartDrawerControl>(
    () => ({ visible, show: () => setVisible(true), hide: () => setVisible(false) }),
    [visible],
  );
  return <CartDrawerContext.Provider value={control}>{children}</CartDrawerContext.Provider>;
}

export function useCartDrawer(): CartDrawerControl {
  const control = useContext(CartDrawerContext);
  if (!control) throw new Error('useCartDrawer must be used inside <CartDrawerProvider>');
  return control;
}

/** How many items the cart holds: the badge on the header's button. */
export function cartCount(cart: Cart | undefined): number {
  return cart?.orderLines.reduce((sum, line) => sum + line.amount, 0) ?? 0;
}

/** A line as a person names it: its title, variant and seat. */
export function lineName(line: CartLine): string {
  const name = line.variant ? `${line.title} – ${line.variant}` : line.title;
  return line.seat ? `${name} (${line.seat})` : name;
}

/** The drawer's panel, loaded when the cart is first opened. */
const CartPanel = lazy(() =>
  withPrime(() => import('./CartPanel')).then((module) => ({ default: module.CartPanel })),
);

/**
 * The cart drawer 'Kurv' (spec 3 §2 "Web shop"): the header's cart button, with the number of
 * items as its badge, opens it. The cart is read as the layout mounts and lives on the server
 * only: each line with its picture, variant, add-ons and seat, its amount (a seat line is one
 * seat), its total and a remove button; then the totals and 'Gå til kassen'. An empty cart says
 * 'Ingen produkter i kurven'. The button is plain markup with PrimeReact's classes and the drawer
 * loads when first opened: the public header loads none of PrimeReact (issue 36).
 */
export function CartDrawer() {
  const { t } = useTranslation();
  const drawer = useCartDrawer();
  const owner = useCartOwner();
  const { data: cart } = useGetCartQuery(owner);
  const count = cartCount(cart);
  const titleId = useId();
  // Once opened, the panel stays mounted (it animates its closing itself).
  const [opened, setOpened] = useState(false);
  if (drawer.visible && !opened) setOpened(true);
  return (
    <>
      <button
        type="button"
        className="p-button p-component p-button-icon-only p-button-rounded p-button-text"
        aria-label={t('shop.cart.button', { count })}
        aria-haspopup="dialog"
        onClick={drawer.show}
      >
        <span className="p-button-icon p-c pi pi-shopping-cart" aria-hidden="true" />
        {count > 0 && (
          <span className="p-badge p-component p-badge-no-gutter p-badge-danger">{count}</span>
        )}
      </button>
      {opened && (
        <Suspense fallback={null}>
          <CartPanel drawer={drawer} titleId={titleId} />
        </Suspense>
      )}
    </>
  );
}
