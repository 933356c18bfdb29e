// The privacy policy.
export default function PrivacyPage() {
  return (
    <article className="mx-auto max-w-[70ch] px-4 py-10">
      <h1 className="text-3xl font-black text-ink">Privacy policy</h1>
    </article>
  );
}
