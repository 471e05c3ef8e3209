import { useTranslation } from 'react-i18next';
import './payments.css';

/** The brands with an icon of their own (spec 3 §9); any other shows a plain card. */
const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  dankort: 'Dankort',
};

/** The brand's name as the customer knows it: 'Visa', or the provider's word for another. */
export function brandName(cardType: string): string {
  const known = BRAND_NAMES[cardType.trim().toLowerCase()];
  if (known) return known;
  const other = cardType.trim();
  return other ? other.charAt(0).toUpperCase() + other.slice(1) : '';
}

/** A card brand's mark, named for screen readers by the brand ('Visa', 'Mastercard' …). */
export function CardBrandIcon({ cardType }: { cardType: string }) {
  const { t } = useTranslation();
  const brand = cardType.trim().toLowerCase();
  const name = brandName(cardType) || t('payment.otherBrand');
  const mark = { role: 'img', 'aria-label': name, className: 'tb-card-brand' } as const;
  switch (brand) {
    case 'visa':
      return (
        <svg {...mark} viewBox="0 0 48 32" width="48" height="32">
          <rect width="48" height="32" rx="4" fill="#1a1f71" />
          <text
            x="24"
            y="21"
            textAnchor="middle"
            fill="#ffffff"
            fontFamily="Arial, Helvetica, sans-serif"
            fontSize="13"
            fontStyle="italic"
            fontWeight="700"
          >
            VISA
          </text>
        </svg>
      );
    case 'mastercard':
      return (
        <svg {...mark} viewBox="0 0 48 32" width="48" height="32">
          <rect width="48" height="32" rx="4" fill="#252525" />
          <circle cx="19" cy="16" r="9" fill="#eb001b" />
          <circle cx="29" cy="16" r="9" fill="#f79e1b" fillOpacity="0.9" />
          <path d="M24 8.5a9 9 0 0 1 0 15a9 9 0 0 1 0-15z" fill="#ff5f00" />
        </svg>
      );
    case 'dankort':
      return (
        <svg {...mark} viewBox="0 0 48 32" width="48" height="32">
          <rect x="0.5" y="0.5" width="47" height="31" rx="4" fill="#ffffff" stroke="#d1d5db" />
          <rect x="4" y="6" width="40" height="20" rx="10" fill="#e31d1a" />
          <text
            x="24"
            y="20"
            textAnchor="middle"
            fill="#ffffff"
            fontFamily="Arial, Helvetica, sans-serif"
            fontSize="9"
            fontWeight="700"
          >
            DANKORT
          </text>
        </svg>
      );
    default:
      return (
        <span {...mark}>
          <i className="pi pi-credit-card" aria-hidden="true" />
        </span>
      );
  }
}
