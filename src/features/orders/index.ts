/** Orders: My orders, one order's page, cancelling and paying online. */
export { canPayOnline, isPayLinkMethod, orderIdFromQuery, paymentFailedInQuery, tabFromQuery } from './rules/orders.ts';
export { $openOrder, loadOrdersOnce, openOrderOnce, payLink } from './state/orders.ts';
