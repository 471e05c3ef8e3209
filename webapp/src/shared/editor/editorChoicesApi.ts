import { baseApi } from '../../api/baseApi';

/** A choice of a select: a season. */
export interface Choice {
  id: string;
  title: string;
}

/** A user of the club, for 'Ansvarlig'. */
export interface ClubUser {
  id: string;
  firstname: string;
  lastname: string;
  email: string;
  picture: string | null;
}

/** What the selects of the contract and subscription editors choose from. */
export const editorChoicesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSeasonChoices: build.query<Choice[], void>({
      query: () => 'orders/seasons',
      providesTags: [{ type: 'Season', id: 'CHOICES' }],
    }),
    /** The club's users (the company page's owner list reads the same). */
    getClubUsers: build.query<ClubUser[], void>({
      query: () => 'app/users',
    }),
  }),
});

export const { useGetSeasonChoicesQuery, useGetClubUsersQuery } = editorChoicesApi;
