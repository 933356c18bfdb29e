// The About us page: Gemcast's story.
export default function AboutPage() {
  return (
    <article className="mx-auto max-w-[70ch] px-4 py-10">
      <h1 className="text-3xl font-black text-ink">About us</h1>
    </article>
  );
}
