export { journalLoader as loader } from "./journal.server";
export default function Journal() {
  return null;
}
