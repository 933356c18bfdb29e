// The rules every giveaway shares (spec §1, §5 and the FAQ), shown with a giveaway and its terms.
export const GIVEAWAY_RULES = [
  'You need an account to enter, and entering is free.',
  'Enter again for each show: an entry counts for the giveaway of that show only.',
  "During a live show, the 'Today's Giveaway' button appears under the live show window. That is where you enter.",
  'The winner is drawn at random when the giveaway closes and announced during the show.',
  'The winner must message us within 5 minutes of the announcement. Messages in the show chat do not count.',
  'If someone who already won in the same show is drawn again, we spin again for a new winner.',
];

export function GiveawayRules({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby="giveaway-rules-heading" className="rounded-xl bg-white p-5 ring-1 ring-line">
      <Heading id="giveaway-rules-heading" className="text-lg font-black text-ink">
        How giveaways work
      </Heading>
      <ul className="mt-3 flex list-disc flex-col gap-2 pl-5 text-ink marker:text-secondary">
        {GIVEAWAY_RULES.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
    </section>
  );
}
