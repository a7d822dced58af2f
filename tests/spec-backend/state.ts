/**
 * What changes while the backend runs, all in memory: users and their codes and tokens,
 * baskets, favourites and reviews. `reset()` puts it back to the seed (tests call it between runs).
 */
import { randomBytes, randomInt } from 'node:crypto';

export interface User {
  id: number;
  phone: string;
}

export interface BasketItem {
  id: number;
  userId: number;
  productId: number;
  featureId: number | null;
  quantity: number;
}

export interface Favourite {
  id: number;
  userId: number;
  productId: number;
}

export interface Comment {
  id: number;
  userId: number;
  productId: number;
  /** Not in §3: a name some backends send with a review (the hostile catalogue's). */
  author?: string;
  advantage: string;
  shortcoming: string;
  comment: string;
}

/** Products every shopper is taken to have bought, so GET /required-comments/ has something to list. */
export const bought = [3, 12];

export const seedComments = (): Comment[] => [
  {
    id: 1,
    userId: 1,
    productId: 1,
    advantage: 'Batareya uzoq yetadi',
    shortcoming: 'Kamerasi o‘rtacha',
    comment: 'Narxiga arziydi.',
  },
  { id: 2, userId: 2, productId: 1, advantage: 'Лёгкий', shortcoming: '', comment: 'Доставили за день.' },
  { id: 3, userId: 1, productId: 3, advantage: 'Tez ishlaydi', shortcoming: 'Qimmat', comment: 'Juda yoqdi!' },
  { id: 4, userId: 2, productId: 12, advantage: 'Тихий', shortcoming: 'Мало портов', comment: 'Хороший ноутбук.' },
];

export class State {
  users = new Map<number, User>();
  /** The last code sent to each phone (§7 auth, and the test-only code route). */
  codes = new Map<string, string>();
  /** Opaque access tokens; refresh tokens are handed out but no call of §7 takes them. */
  tokens = new Map<string, number>();
  basket: BasketItem[] = [];
  favourites: Favourite[] = [];
  comments: Comment[] = [];
  private next = { user: 1, basket: 1, favourite: 1, comment: 1 };

  /** The reviews the backend starts with and goes back to on reset. */
  private readonly seed: readonly Comment[];

  constructor(seed: readonly Comment[] = seedComments()) {
    this.seed = seed;
    this.reset();
  }

  reset(): void {
    this.users = new Map([
      [1, { id: 1, phone: '+998901110001' }],
      [2, { id: 2, phone: '+998901110002' }],
    ]);
    this.codes.clear();
    this.tokens.clear();
    this.basket = [];
    this.favourites = [];
    this.comments = this.seed.map((comment) => ({ ...comment }));
    this.next = { user: 3, basket: 1, favourite: 1, comment: Math.max(0, ...this.seed.map((c) => c.id)) + 1 };
  }

  userByPhone(phone: string): User | undefined {
    return [...this.users.values()].find((user) => user.phone === phone);
  }

  /** Finds or creates the phone's user and sends (stores) a new 4-digit code (§5: code of 4 characters). */
  sendCode(phone: string): User {
    let user = this.userByPhone(phone);
    if (!user) {
      user = { id: this.next.user++, phone };
      this.users.set(user.id, user);
    }
    this.codes.set(phone, String(randomInt(0, 10_000)).padStart(4, '0'));
    return user;
  }

  /** A new pair of opaque tokens for the user; the code, once used, is spent. */
  signIn(user: User): { access: string; refresh: string } {
    this.codes.delete(user.phone);
    const access = randomBytes(24).toString('base64url');
    this.tokens.set(access, user.id);
    return { access, refresh: randomBytes(24).toString('base64url') };
  }

  userOfToken(token: string): User | undefined {
    const id = this.tokens.get(token);
    return id === undefined ? undefined : this.users.get(id);
  }

  addToBasket(userId: number, productId: number, featureId: number | null, quantity: number): BasketItem {
    const same = this.basket.find(
      (item) => item.userId === userId && item.productId === productId && item.featureId === featureId,
    );
    if (same) {
      same.quantity += quantity;
      return same;
    }
    const item = { id: this.next.basket++, userId, productId, featureId, quantity };
    this.basket.push(item);
    return item;
  }

  addFavourite(userId: number, productId: number): Favourite {
    const favourite = { id: this.next.favourite++, userId, productId };
    this.favourites.push(favourite);
    return favourite;
  }

  addComment(fields: Omit<Comment, 'id'>): Comment {
    const comment = { id: this.next.comment++, ...fields };
    this.comments.push(comment);
    return comment;
  }
}
