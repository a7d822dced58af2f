/**
 * The unit-price rule, once, for the reference API (basket lines, orders, the
 * seed) and the storefront (cards, basket totals): a variant's own price wins,
 * else the discount price when it is a real reduction, else the list price.
 */
export interface Priced {
  price: number;
  discount_price: number | null;
}

/** The price a shopper pays for a product: the discount price only when it is lower than the list price. */
export function payablePrice({ price, discount_price }: Priced): number {
  return discount_price !== null && discount_price > 0 && discount_price < price ? discount_price : price;
}

/** Unit price of a line and the price it is compared with (the variant's own price has no discount). */
export function unitPrices(product: Priced, feature: { price: number | null } | null | undefined) {
  if (feature?.price !== null && feature?.price !== undefined)
    return { price: feature.price, listPrice: feature.price };
  return { price: payablePrice(product), listPrice: product.price };
}

/** Unit price of a line (basket item, order item). */
export const unitPrice = (product: Priced, feature: { price: number | null } | null | undefined): number =>
  unitPrices(product, feature).price;
