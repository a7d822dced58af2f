/** The delivery address: the shopper's chosen point in Qarshi, its picker and its label. */
export { addressDetails, shortAddress } from './rules/address.ts';
export { $address, openAddressPicker } from './state/address.ts';
export { enhanceAddress } from './ui/enhance.ts';
