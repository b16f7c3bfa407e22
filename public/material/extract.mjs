// Reads PDF and DOCX files for the material a council reads, off the main thread, with libraries
// fetched only when such a file is attached (this module too: the app imports it at the first PDF
// or DOCX, through boot.js's `consiliumImport`). scripts/build.sh copies the libraries from
// node_modules into dist/vendor/ (paths below, with their versions, so two deploys never mix them).
//
// PDF: pdfjs-dist parses in its own module worker; this side only asks for each page's text.
// DOCX: mammoth's browser bundle runs whole in a worker of ours (docx-worker.js) and returns HTML
// with the headings as <h1>..<h6>; the engine turns that HTML into text.
//
// Errors come back as { code, message }: code "encrypted" (a password-protected PDF), "corrupt"
// (not a PDF / not a DOCX / damaged), "load" (a library could not be fetched, e.g. offline before
// it was ever cached). The Rust side (src/platform/material.rs) words them for the user.
const PDFJS = new URL('../vendor/pdfjs-dist-6.5.438/', import.meta.url);

let pdfjs = null;

async function loadPdfjs() {
  if (!pdfjs) {
    try {
      pdfjs = await import(new URL('pdf.min.mjs', PDFJS).href);
    } catch (e) {
      throw { code: 'load', message: `the PDF reader could not be loaded (${e && e.message ? e.message : e})` };
    }
    pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdf.worker.min.mjs', PDFJS).href;
  }
  return pdfjs;
}

/** The text of every page of the PDF in `bytes` (a Uint8Array), in order; whitespace as pdf.js
 *  lays it out, a line break where pdf.js marks the end of a line. */
export async function pdfPages(bytes) {
  const lib = await loadPdfjs();
  // The copy is pdf.js's to transfer to its worker; the caller's bytes stay usable.
  const task = lib.getDocument({ data: bytes.slice(), isOffscreenCanvasSupported: false, stopAtErrors: false });
  let doc;
  try {
    doc = await task.promise;
  } catch (e) {
    task.destroy();
    if (e && e.name === 'PasswordException') throw { code: 'encrypted', message: 'it is protected by a password' };
    throw { code: 'corrupt', message: e && e.message ? e.message : String(e) };
  }
  try {
    const pages = [];
    for (let n = 1; n <= doc.numPages; n += 1) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (typeof item.str !== 'string') continue;
        text += item.str;
        if (item.hasEOL) text += '\n';
      }
      pages.push(text);
      page.cleanup();
    }
    return pages;
  } catch (e) {
    throw { code: 'corrupt', message: e && e.message ? e.message : String(e) };
  } finally {
    // pdf.js 6 ends a document through its loading task (the proxy has no destroy of its own).
    task.destroy();
  }
}

/** The DOCX in `bytes` (a Uint8Array) as HTML, converted by mammoth in a worker of its own that
 *  ends with the file. */
export function docxHtml(bytes) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('docx-worker.js', import.meta.url));
    const done = (f, v) => {
      worker.terminate();
      f(v);
    };
    worker.onmessage = (event) => {
      const reply = event.data;
      if (reply && typeof reply.html === 'string') done(resolve, reply.html);
      else done(reject, reply && reply.error ? reply.error : { code: 'corrupt', message: 'no reply' });
    };
    worker.onerror = (event) => {
      event.preventDefault();
      done(reject, { code: 'load', message: `the DOCX reader could not be loaded (${event.message || 'worker error'})` });
    };
    const copy = bytes.slice().buffer;
    worker.postMessage({ buffer: copy }, [copy]);
  });
}
