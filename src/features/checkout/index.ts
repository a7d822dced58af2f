/** Checkout: the order's address, delivery and payment, its placement and the success page. */
export { saveCheckoutSelection } from './state/checkout.ts';
