import { formatMoney, formatOre, formatOreWithCode } from '../format';

interface MoneyProps {
  /** The amount; in kroner unless `ore` is set. */
  value: number | null | undefined;
  /** The amount is in øre (the API's integer money). */
  ore?: boolean;
  /** 'DKK 1.234,50' (the order screens, spec 3 §9 'currency 0,0.00') instead of '1.234,50 kr.'. */
  currencyCode?: boolean;
}

/** DKK with two decimals and thousands separators: '1.234,50 kr.' or 'DKK 1.234,50'. */
export function Money({ value, ore = false, currencyCode = false }: MoneyProps) {
  if (value === null || value === undefined) return null;
  const inOre = ore ? value : Math.round(value * 100);
  const text = currencyCode
    ? formatOreWithCode(inOre)
    : ore
      ? formatOre(value)
      : formatMoney(value);
  return <span className="tb-money">{text}</span>;
}
