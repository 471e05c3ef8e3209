import { useAppSession, type SessionUser } from '../../api/appApi';
import { baseApi, isApiError } from '../../api/baseApi';
import type {
  Cart,
  CheckoutInput,
  CheckoutIntent,
  CheckoutResult,
  CheckSeat,
  ConfirmedOrder,
  ShopCategory,
  ShopProduct,
  ShopProductSummary,
  ShopSeason,
} from '../../api/generated/shop';

// Absolute paths: the shop's calls live under /webshop and /public/orders/webshop in either mode.
const SHOP_URL = '/webshop';
const CART_URL = '/public/orders/webshop/cart';

/**
 * Whose cart: the signed-in user's id, or 'visitor' for the browser's cart. The server finds the
 * cart by the session, so the key only keeps one buyer's cart apart from another's in the cache:
 * after a login the user's cart (with the visitor's lines merged in) is read afresh.
 */
export type CartOwner = string;
export const VISITOR: CartOwner = 'visitor';

/** The cart owner of the current session. */
export function useCartOwner(): CartOwner {
  return useAppSession().user?.id ?? VISITOR;
}

/** A product (of a variant, with public add-ons) put in the cart; a seat-ticket's one seat. */
export interface AddToCartRequest {
  owner: CartOwner;
  productId: string;
  amount: number;
  variantId?: string | null;
  /** The product ids of the ticked public add-ons. */
  options?: readonly string[];
  /** A seat-ticket line's seat ('row-number'), the event it is at and the session holding it. */
  seat?: string;
  seatEventId?: string;
  holdToken?: string;
}

/** A cart line's new amount; 0 removes the line (a seat line's seat is given back). */
export interface UpdateCartRequest {
  owner: CartOwner;
  id: string;
  amount: number;
}

export type CheckSeatRequest = CheckSeat & { owner: CartOwner };

/** `checkout/complete`: the form again, with the key `create-intent` answered for this attempt. */
export interface CompleteCheckoutRequest {
  intentSecret: string;
  input: CheckoutInput;
}

/** A confirmed order's page: its id and the token `checkout/complete` answered. */
export interface ConfirmedOrderLink {
  id: string;
  token: string;
}

/** The web shop's login ('Log ind eller køb som gæst'). */
export interface ShopLoginRequest {
  email: string;
  password: string;
  rememberMe: boolean;
}

function addParams({
  productId,
  amount,
  variantId,
  options,
  seat,
  seatEventId,
  holdToken,
}: AddToCartRequest) {
  const params: Record<string, string> = { productId, amount: String(amount) };
  if (variantId) params.variantId = variantId;
  if (options && options.length > 0) params.options = options.join(',');
  if (seat) params.seat = seat;
  if (seatEventId) params.seatEventId = seatEventId;
  if (holdToken) params.holdToken = holdToken;
  return params;
}

/**
 * The public web shop (issue 17; spec 3 §7 "Web shop (public)"): the club's shop categories, its
 * products (by category), one product's page, and the buyer's cart, which lives on the server
 * only. Adding, changing a line and changing a seat answer the whole cart, which replaces the
 * cached one; a refusal reads the cart again, since it means the page was out of date. Then the
 * checkout (create-intent, checkout/complete), a completed order's confirmation, and the
 * checkout's login.
 */
export const shopApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getShopCategories: build.query<ShopCategory[], void>({
      query: () => `${SHOP_URL}/categories`,
    }),
    /** The products of the categories given, or of every shop category when none is. */
    getShopProducts: build.query<ShopProductSummary[], readonly string[]>({
      query: (categoryIds) => ({
        url: `${SHOP_URL}/products`,
        params: categoryIds.length > 0 ? { categoryIds: categoryIds.join(',') } : undefined,
      }),
    }),
    /** 404 for a product that is not in the shop. */
    getShopProduct: build.query<ShopProduct, string>({
      query: (id) => `${SHOP_URL}/product/${encodeURIComponent(id)}`,
    }),
    /**
     * A season's products (spec 3 §7 `GET /webshop/season/{seasonId}`), with the renewal a
     * signed-in holder of last season is offered: keyed by the owner, so a login asks again.
     */
    getShopSeason: build.query<ShopSeason, { seasonId: string; owner: CartOwner }>({
      query: ({ seasonId }) => `${SHOP_URL}/season/${encodeURIComponent(seasonId)}`,
    }),
    getCart: build.query<Cart, CartOwner>({
      query: () => CART_URL,
      providesTags: ['Cart'],
    }),
    /** 422 with the field refused: productId, variantId, options, amount, seat, holdToken. */
    addToCart: build.mutation<Cart, AddToCartRequest>({
      query: (request) => ({
        url: `${CART_URL}/add`,
        method: 'POST',
        params: addParams(request),
        body: {},
      }),
      invalidatesTags: (_result, error) => (error ? ['Cart'] : []),
      async onQueryStarted({ owner }, { dispatch, queryFulfilled }) {
        const cart = await answeredCart(queryFulfilled);
        if (cart) dispatch(shopApi.util.upsertQueryData('getCart', owner, cart));
      },
    }),
    updateCartLine: build.mutation<Cart, UpdateCartRequest>({
      query: ({ id, amount }) => ({
        url: `${CART_URL}/update`,
        method: 'POST',
        params: { id, amount: String(amount) },
        body: {},
      }),
      invalidatesTags: (_result, error) => (error ? ['Cart'] : []),
      async onQueryStarted({ owner }, { dispatch, queryFulfilled }) {
        const cart = await answeredCart(queryFulfilled);
        if (cart) dispatch(shopApi.util.upsertQueryData('getCart', owner, cart));
      },
    }),
    /** A seat line takes the seat the buyer holds (the seat it had is given back). */
    checkSeat: build.mutation<Cart, CheckSeatRequest>({
      query: ({ owner: _owner, ...body }) => ({
        url: `${SHOP_URL}/cart/check-seat`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_result, error) => (error ? ['Cart'] : []),
      async onQueryStarted({ owner }, { dispatch, queryFulfilled }) {
        const cart = await answeredCart(queryFulfilled);
        if (cart) dispatch(shopApi.util.upsertQueryData('getCart', owner, cart));
      },
    }),
    /**
     * Checks the cart and the form (each mistake on its field) and prices the order: the key
     * `completeCheckout` is called with, and the totals with the discount code applied.
     */
    createCheckoutIntent: build.mutation<CheckoutIntent, CheckoutInput>({
      query: (body) => ({ url: `${SHOP_URL}/create-intent`, method: 'POST', body }),
    }),
    /**
     * Turns the cart into the order: the same key answers the same order. The buyer's cart is a
     * new, empty one afterwards, so every cart is read again.
     */
    completeCheckout: build.mutation<CheckoutResult, CompleteCheckoutRequest>({
      query: ({ intentSecret, input }) => ({
        url: `${SHOP_URL}/checkout/complete`,
        method: 'POST',
        params: { intentSecret },
        body: input,
      }),
      invalidatesTags: (result) => (result ? ['Cart'] : []),
    }),
    /** The order's confirmation; 403 without its token. While pending, Stripe is read anew. */
    getConfirmedOrder: build.query<ConfirmedOrder, ConfirmedOrderLink>({
      query: ({ id, token }) => ({
        url: `${SHOP_URL}/order/${encodeURIComponent(id)}`,
        params: { token },
      }),
    }),
    /**
     * The checkout's login (POST /api/login, as the login page's): the answer is the user; the
     * caller reloads the session, and the server joins the visitor's cart to the customer's.
     */
    shopLogin: build.mutation<SessionUser, ShopLoginRequest>({
      query: (body) => ({ url: '/api/login', method: 'POST', body }),
      extraOptions: { envelope: true },
      transformResponse: (envelope: { data: SessionUser }) => envelope.data,
    }),
  }),
});

/** The server's words on the fields of a refusal (a 422), as one text; undefined without any. */
export function refusalMessage(error: unknown): string | undefined {
  if (!isApiError(error) || !error.errors) return undefined;
  const texts = Object.values(error.errors).flatMap((messages) =>
    Array.isArray(messages) ? messages : [String(messages)],
  );
  return texts.length > 0 ? texts.join(' ') : undefined;
}

/** The cart a change answered (it replaces the owner's cached cart), or null when refused. */
async function answeredCart(answer: Promise<{ data: Cart }>): Promise<Cart | null> {
  try {
    return (await answer).data;
  } catch {
    // The caller shows the refusal; the cart is read again (see invalidatesTags).
    return null;
  }
}

export const {
  useGetShopCategoriesQuery,
  useGetShopProductsQuery,
  useGetShopProductQuery,
  useGetShopSeasonQuery,
  useGetCartQuery,
  useAddToCartMutation,
  useUpdateCartLineMutation,
  useCheckSeatMutation,
  useCreateCheckoutIntentMutation,
  useCompleteCheckoutMutation,
  useGetConfirmedOrderQuery,
  useShopLoginMutation,
} = shopApi;
