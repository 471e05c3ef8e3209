import { formatMoney, formatOre } from '../format';

interface MoneyProps {
  /** The amount; in kroner unless `ore` is set. */
  value: number | null | undefined;
  /** The amount is in øre (the API's integer money). */
  ore?: boolean;
}

/** DKK with two decimals and thousands separators: '1.234,50 kr.' */
export function Money({ value, ore = false }: MoneyProps) {
  if (value === null || value === undefined) return null;
  return <span className="tb-money">{ore ? formatOre(value) : formatMoney(value)}</span>;
}
