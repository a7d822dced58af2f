/**
 * Shop contact details and links, from the build environment with defaults
 * (spec §1: phone and e-mail come from configuration).
 */
const env = (typeof process !== 'undefined' ? process.env : {}) as Record<string, string | undefined>;

export const SHOP = {
  name: 'Bozor',
  phone: env.SHOP_PHONE || '+998 75 000-00-00',
  email: env.SHOP_EMAIL || 'support@bozor.uz',
  telegram: env.SHOP_TELEGRAM || 'https://t.me/bozor_uz',
  instagram: env.SHOP_INSTAGRAM || 'https://www.instagram.com/bozor.uz',
  youtube: env.SHOP_YOUTUBE || 'https://www.youtube.com/@bozor_uz',
  supportBot: env.SHOP_SUPPORT_BOT || 'https://t.me/bozor_support_bot',
  googlePlay: env.SHOP_GOOGLE_PLAY || 'https://play.google.com/store/apps/details?id=uz.bozor.app',
  appStore: env.SHOP_APP_STORE || 'https://apps.apple.com/app/bozor-uz/id0000000000',
  /** The seller section, a separate site (spec §1). */
  sellerSite: env.SELLER_URL || 'https://seller.bozor.uz',
} as const;

/** tel: link form of the phone number. */
export const phoneHref = (phone: string = SHOP.phone) => `tel:${phone.replace(/[^\d+]/g, '')}`;
