/** The signed-in shopper's profile: read, and changed field by field. */
import type { AppContext } from './context.ts';
import { assertDeliveryArea } from './delivery-area.ts';
import { definedOnly, notFound, type Handlers } from './http.ts';
import type { User } from '#contract/schemas.ts';

interface UserRow {
  id: number;
  phone: string;
  first_name: string;
  last_name: string;
  father_name: string;
  gender: 'male' | 'female' | null;
  birth_date: string | null;
  email: string | null;
  address: string | null;
}

const present = (u: UserRow): User => ({
  id: u.id,
  phone_number: u.phone,
  first_name: u.first_name,
  last_name: u.last_name,
  father_name: u.father_name,
  gender: u.gender,
  birth_date: u.birth_date,
  email: u.email,
  address: u.address === null ? null : (JSON.parse(u.address) as User['address']),
});

export function profileHandlers({ db }: AppContext): Pick<Handlers, 'profile' | 'updateProfile'> {
  const findUser = (id: number) => {
    const row = db.get<UserRow>('SELECT * FROM users WHERE id = ?', id);
    if (!row) throw notFound('User not found.');
    return row;
  };

  return {
    profile: ({ userId }) => present(findUser(userId)),

    async updateProfile({ userId, lang, body }) {
      const { data } = await body();
      assertDeliveryArea(data.address, lang);
      const current = present(findUser(userId));
      const next = { ...current, ...definedOnly(data) };
      db.run(
        'UPDATE users SET first_name = ?, last_name = ?, father_name = ?, gender = ?, birth_date = ?, email = ?, address = ? WHERE id = ?',
        next.first_name,
        next.last_name,
        next.father_name,
        next.gender,
        next.birth_date,
        next.email,
        next.address === null ? null : JSON.stringify(next.address),
        userId,
      );
      return present(findUser(userId));
    },
  };
}
