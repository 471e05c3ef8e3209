import { Money } from '../../shared/ui/Money';

interface LineOption {
  productId?: string | null;
  title: string;
  /** In øre, with VAT. */
  priceWithVat: number;
}

/** A line's add-ons, each with its price: '+ Navnetryk (+ 99,00 kr.)' (the cart, checkout, confirmation). */
export function LineOptions({ options }: { options: LineOption[] }) {
  if (options.length === 0) return null;
  return (
    <ul className="tb-cart-line-options">
      {options.map((option, index) => (
        <li key={`${option.productId ?? ''}:${index}`}>
          {option.title} (+ <Money ore value={option.priceWithVat} />)
        </li>
      ))}
    </ul>
  );
}
