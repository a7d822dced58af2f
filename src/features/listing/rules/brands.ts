/**
 * Brands shoppers narrow by, as they are written (catalogue data). The API has
 * no brand field: a title's brand is the first of its words that is one of
 * these (brandOf in src/features/listing/rules/values.ts).
 */
export const BRANDS = [
  'A4Tech', 'Acer', 'Amazfit', 'Anker', 'Apple', 'Artel', 'Asus', 'Baseus', 'Beko', 'Bosch', 'Braun', 'Canon',
  'Dell', 'Dyson', 'Electrolux', 'Epson', 'Fujifilm', 'Garmin', 'Gree', 'Google', 'Haier', 'Hisense', 'Hofmann',
  'Honor', 'HP', 'Huawei', 'Indesit', 'Infinix', 'JBL', 'Kenwood', 'Lenovo', 'LG', 'Logitech', 'Marshall', 'Midea',
  'Microsoft', 'Motorola', 'Moulinex', 'MSI', 'Nikon', 'Nintendo', 'Nokia', 'OnePlus', 'Oppo', 'Panasonic',
  'Philips', 'Polaris', 'Razer', 'Realme', 'Redmond', 'Redragon', 'Rowenta', 'Samsung', 'Sharp', 'Shivaki',
  'Sony', 'TCL', 'Tecno', 'Tefal', 'Toshiba', 'Vitek', 'Vivo', 'Whirlpool', 'Xiaomi',
] as const; // prettier-ignore
