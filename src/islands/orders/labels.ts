/** The message keys (by prefix) the My orders islands render: their own, the order's, payment methods and the sign-in gate's. */
export const ORDERS_LABELS = [
  'isl.orders.',
  'isl.order.',
  'isl.checkout.pay_',
  'isl.checkout.line_price',
  'isl.auth.sign_in_to_access',
  'isl.auth.login',
];
