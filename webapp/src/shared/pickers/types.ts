/** GET companies?search= : a company as the pickers propose it. */
export interface CompanyPick {
  id: string;
  name: string;
  cvr?: string | null;
  city?: string | null;
}

/** GET contacts?search=[&companyId=] : a contact as the pickers propose it. */
export interface ContactPick {
  id: string;
  firstname: string;
  lastname: string;
  email: string | null;
  phone: string | null;
  mobile: string | null;
}

/** GET products?search= : a product, with its variants, as the pickers propose it. */
export interface ProductPick {
  id: string;
  title: string;
  price: number | null;
  type: string | null;
  variants: { id: string; title: string; price: number | null }[];
}

/** The contacts search: by name or e-mail, and only a company's contact persons with `companyId`. */
export interface ContactSearch {
  search: string;
  companyId?: string | null;
}
