import { Button } from 'primereact/button';
import { InputNumber } from 'primereact/inputnumber';
import { Sidebar as Drawer } from 'primereact/sidebar';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiErrorMessage } from '../../api/baseApi';
import type { Cart, CartLine } from '../../api/generated/shop';
import { Alert } from '../../shared/ui/Alert';
import { Money } from '../../shared/ui/Money';
import { Preloader } from '../../shared/ui/Preloader';
import { useToast } from '../../shared/ui/Toast';
import { lineName, MAX_AMOUNT, type CartDrawerControl } from './CartDrawer';
import { CHECKOUT_PATH } from './paths';
import {
  refusalMessage,
  useCartOwner,
  useGetCartQuery,
  useUpdateCartLineMutation,
} from './shopApi';
import { seatText } from './seatText';
import { ShopImage } from './ShopPrice';
import { LineOptions } from './LineOptions';

function SeatText({ line }: { line: CartLine }) {
  const { t } = useTranslation();
  return <p className="tb-cart-line-seat">{seatText(t, line)}</p>;
}

/** A normal line's amount: sent as the field is left or stepped (a seat line is one seat). */
function LineAmount({ line, owner }: { line: CartLine; owner: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [update, { isLoading }] = useUpdateCartLineMutation();
  // A refused change shows the line's amount again.
  const [revision, setRevision] = useState(0);
  // Tab and the blur after it both tell the same value: it is sent once.
  const sent = useRef<number | null>(null);

  async function change(value: number | null | undefined) {
    if (value === null || value === undefined || value < 1) return;
    const amount = Math.min(value, MAX_AMOUNT);
    if (amount === line.amount || amount === sent.current) return;
    sent.current = amount;
    try {
      await update({ owner, id: line.id, amount }).unwrap();
    } catch (error) {
      toast.error(refusalMessage(error) ?? apiErrorMessage(error) ?? t('shop.cart.changeFailed'));
      setRevision((current) => current + 1);
    } finally {
      sent.current = null;
    }
  }

  return (
    <InputNumber
      key={`${line.amount}:${revision}`}
      value={line.amount}
      min={1}
      max={MAX_AMOUNT}
      useGrouping={false}
      showButtons
      buttonLayout="horizontal"
      incrementButtonIcon="pi pi-plus"
      decrementButtonIcon="pi pi-minus"
      size={3}
      className="tb-cart-amount"
      aria-label={t('shop.cart.amountOf', { title: lineName(line) })}
      disabled={isLoading}
      onValueChange={(event) => void change(event.value)}
    />
  );
}

function CartLineItem({ line, owner }: { line: CartLine; owner: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [update, { isLoading }] = useUpdateCartLineMutation();
  const name = lineName(line);

  async function remove() {
    try {
      await update({ owner, id: line.id, amount: 0 }).unwrap();
    } catch (error) {
      toast.error(refusalMessage(error) ?? apiErrorMessage(error) ?? t('shop.cart.changeFailed'));
    }
  }

  return (
    <li className="tb-cart-line" aria-label={name}>
      <ShopImage src={line.image} className="tb-cart-line-image" />
      <div className="tb-cart-line-body">
        <p className="tb-cart-line-title">
          <strong>{line.title}</strong>
          {line.variant && <span> – {line.variant}</span>}
        </p>
        <LineOptions options={line.options} />
        {line.seat && <SeatText line={line} />}
        {line.seat && !line.seatHeld && <Alert severity="warn">{t('shop.cart.seatNotHeld')}</Alert>}
        <div className="tb-cart-line-foot">
          {line.seat ? (
            <span>
              {t('shop.cart.amount')}: {line.amount}
            </span>
          ) : (
            <LineAmount line={line} owner={owner} />
          )}
          <span className="tb-cart-line-total">
            <span className="tb-visually-hidden">{t('shop.cart.lineTotal')}: </span>
            <Money ore value={line.totalWithVat} />
          </span>
          <Button
            type="button"
            text
            rounded
            severity="danger"
            icon="pi pi-trash"
            aria-label={t('shop.cart.remove', { title: name })}
            loading={isLoading}
            onClick={() => void remove()}
          />
        </div>
      </div>
    </li>
  );
}

function CartTotals({ cart }: { cart: Cart }) {
  const { t } = useTranslation();
  const rows: [string, number][] = [
    ['subtotal', cart.subtotal],
    ['vat', cart.vat],
    ['total', cart.total],
  ];
  return (
    <dl className="tb-cart-totals" aria-label={t('shop.cart.totals')}>
      {rows.map(([key, value]) => (
        <div key={key} className={`tb-cart-total tb-cart-total-${key}`}>
          <dt>{t(`shop.cart.${key}`)}</dt>
          <dd>
            <Money ore value={value} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function CartContents({ onCheckout }: { onCheckout: () => void }) {
  const { t } = useTranslation();
  const owner = useCartOwner();
  const { data: cart, isError } = useGetCartQuery(owner);
  if (!cart) {
    return isError ? (
      <Alert severity="error">{t('shop.cart.loadFailed')}</Alert>
    ) : (
      <Preloader label={t('common.loading')} />
    );
  }
  if (cart.orderLines.length === 0) return <p>{t('shop.cart.empty')}</p>;
  return (
    <div className="tb-cart">
      <ul className="tb-cart-lines" aria-label={t('shop.cart.lines')}>
        {cart.orderLines.map((line) => (
          <CartLineItem key={line.id} line={line} owner={owner} />
        ))}
      </ul>
      <CartTotals cart={cart} />
      <Link
        to={CHECKOUT_PATH}
        className="p-button p-component tb-cart-checkout"
        onClick={onCheckout}
      >
        {t('shop.cart.checkout')}
      </Link>
    </div>
  );
}

/**
 * The cart drawer's panel: PrimeReact's drawer with the cart's lines, loaded when the header's
 * cart button is first tapped (`CartDrawer`), not with every public page (issue 36).
 */
export function CartPanel({ drawer, titleId }: { drawer: CartDrawerControl; titleId: string }) {
  const { t } = useTranslation();
  return (
    <Drawer
      visible={drawer.visible}
      position="right"
      onHide={drawer.hide}
      header={
        <h2 id={titleId} className="tb-drawer-title">
          {t('shop.cart.title')}
        </h2>
      }
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      style={{ width: '24rem', maxWidth: '100vw' }}
      closeIcon="pi pi-times"
      ariaCloseLabel={t('common.close')}
    >
      <CartContents onCheckout={drawer.hide} />
    </Drawer>
  );
}
