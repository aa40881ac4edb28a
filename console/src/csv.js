// CSV of a list, as the pages export it: RFC 4180 (CRLF between records,
// a field holding a comma, a quote, CR or LF quoted, its quotes doubled),
// with a cell that a spreadsheet would read as a formula (its text starts
// with = + - @, a tab or CR) taken as text by a leading single quote
// (OWASP's CSV injection advice). Everything is the API's own text:
// amounts stay the decimal strings they were answered as.

// What starts a formula in Excel, LibreOffice or Google Sheets.
const FORMULA = /^[=+\-@\t\r]/;

// One value as a CSV field: null and undefined empty, an object (such as
// metadata) its JSON, anything else its text.
export function csvField(value) {
	let s;
	if (value === null || value === undefined)
		s = '';
	else if (typeof value === 'object')
		s = JSON.stringify(value);
	else
		s = String(value);
	if (FORMULA.test(s))
		s = "'" + s;
	return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

// rows (objects) as CSV text: a header of every field any row has (in the
// order they first appear), then one record a row; '' for no rows.
export function csvOf(rows) {
	const columns = [];
	const seen = new Set();
	for (const row of rows)
		for (const k of Object.keys(row))
			if (!seen.has(k)) {
				seen.add(k);
				columns.push(k);
			}
	if (rows.length === 0)
		return '';
	const lines = [columns.map(csvField).join(',')];
	for (const row of rows)
		lines.push(columns.map((k) => csvField(row[k])).join(','));
	return lines.join('\r\n') + '\r\n';
}

// Offers text to the browser as a download named name (a Blob's URL: the
// file never leaves the browser, and no other host is asked).
export function downloadText(name, text, type = 'text/csv;charset=utf-8') {
	const url = URL.createObjectURL(new Blob([text], { type }));
	const a = document.createElement('a');
	a.href = url;
	a.download = name;
	a.hidden = true;
	document.body.appendChild(a);
	a.click();
	a.remove();
	// the download has taken the Blob by then; the URL is let go later
	setTimeout(() => URL.revokeObjectURL(url), 60000);
}
