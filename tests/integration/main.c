/* The integration suite: every test against the real running stack. */
#include <CUnit/Basic.h>
#include <curl/curl.h>
#include <mysql.h>
#include <stdio.h>

#include "it.h"

int
main(void)
{
	unsigned failures;

	curl_global_init(CURL_GLOBAL_DEFAULT);
	mysql_library_init(0, NULL, NULL);
	if (CU_initialize_registry() != CUE_SUCCESS)
		return 2;
	it_suite_reference();
	it_suite_auth();
	it_suite_http();
	it_suite_db();
	it_suite_quotes();
	it_suite_ratelimit();
	it_suite_convert();
	it_suite_idem();
	it_suite_paging();
	it_suite_admin();
	CU_basic_set_mode(CU_BRM_VERBOSE);
	CU_basic_run_tests();
	failures = CU_get_number_of_failures() + CU_get_number_of_tests_failed();
	CU_cleanup_registry();
	mysql_library_end();
	curl_global_cleanup();
	return failures ? 1 : 0;
}
